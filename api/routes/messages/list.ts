import { MessagePage, MessagePageQuery } from '../../../shared/contracts/messages';
import { ProjectIdParam } from '../../../shared/contracts/projects';
import { errorResponses } from '../../http/openapi';
import { listMessages } from '../../services/messages/messages';
import { sharedOperation } from '../operation';

const description =
  'A page of the project’s conversation, oldest first within the page (newest page first), paged by cursor: `limit` up to 100 (default 30), `nextCursor` continues with older messages as `cursor`; `lastReadSeq` is how far the caller’s side has read. Text is plain; render it as text, never as HTML.';
const responses = {
  200: { description: 'Messages', content: { 'application/json': { schema: MessagePage } } },
  ...errorResponses(401, 404, 422),
};

/** GET /api/projects/{projectId}/messages and its portal counterpart. */
export const registerListMessages = sharedOperation(
  {
    method: 'get',
    path: '/api/projects/{projectId}/messages',
    operationId: 'listMessages',
    tags: ['Messages'],
    summary: 'Read a project’s conversation',
    provider: { description: `${description} Another provider’s project answers 404.` },
    client: { description: `${description} Only the client’s own projects.` },
    request: { params: ProjectIdParam, query: MessagePageQuery },
    responses,
  },
  async (c, scope) =>
    c.json(
      await listMessages(c.get('deps').sql, scope, c.req.valid('param').projectId, c.req.valid('query')),
      200,
    ),
);
