import { createRoute } from '@hono/zod-openapi';
import { ConversationList } from '../../../shared/contracts/messages';
import { PortalPathParam } from '../../../shared/contracts/portal-client';
import { clientScope, providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { listConversations } from '../../services/messages/messages';
import { PORTAL_CLIENT, PROVIDER } from '../audiences';

const description =
  'Every conversation (one per project) with its newest message and the unread count of the caller’s side, the most recent first; projects without messages after them (at most 200).';
const responses = {
  200: { description: 'Conversations', content: { 'application/json': { schema: ConversationList } } },
  ...errorResponses(401, 422),
};

const providerRoute = createRoute({
  method: 'get',
  path: '/api/conversations',
  tags: ['Messages'],
  summary: 'List conversations',
  description,
  ...PROVIDER,
  responses,
});

const clientRoute = createRoute({
  method: 'get',
  path: '/api/portal/{portalId}/conversations',
  tags: ['Portal'],
  summary: 'List conversations (client)',
  description,
  ...PORTAL_CLIENT,
  request: { params: PortalPathParam },
  responses,
});

/** GET /api/conversations and its portal counterpart. */
export function registerListConversations(app: App) {
  app.openapi(providerRoute, async (c) =>
    c.json({ items: await listConversations(c.get('deps').sql, providerScope(c)) }, 200),
  );
  app.openapi(clientRoute, async (c) =>
    c.json({ items: await listConversations(c.get('deps').sql, clientScope(c)) }, 200),
  );
}
