import { ConversationList } from '../../../shared/contracts/messages';
import { errorResponses } from '../../http/openapi';
import { listConversations } from '../../services/messages/messages';
import { sharedOperation } from '../operation';

const description =
  'Every conversation (one per project) with its newest message and the unread count of the caller’s side, the most recent first; projects without messages after them (at most 200).';
const responses = {
  200: { description: 'Conversations', content: { 'application/json': { schema: ConversationList } } },
  ...errorResponses(401, 422),
};

/** GET /api/conversations and its portal counterpart. */
export const registerListConversations = sharedOperation(
  {
    method: 'get',
    path: '/api/conversations',
    operationId: 'listConversations',
    tags: ['Messages'],
    summary: 'List conversations',
    provider: { description: description },
    client: { description: description },
    responses,
  },
  async (c, scope) => c.json({ items: await listConversations(c.get('deps').sql, scope) }, 200),
);
