import { createRoute } from '@hono/zod-openapi';
import { MessagePage, MessagePageQuery } from '../../../shared/contracts/messages';
import { ProjectIdParam } from '../../../shared/contracts/projects';
import { clientScope, providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { listMessages } from '../../services/messages/messages';
import { PORTAL_CLIENT, PortalProjectParams, PROVIDER } from '../audiences';

const description =
  'A page of the project’s conversation, oldest first within the page (newest page first): `before` a seq loads older messages, `limit` up to 100 (default 30); `lastReadSeq` is how far the caller’s side has read. Text is plain; render it as text, never as HTML.';
const responses = {
  200: { description: 'Messages', content: { 'application/json': { schema: MessagePage } } },
  ...errorResponses(401, 404, 422),
};

const providerRoute = createRoute({
  method: 'get',
  path: '/api/projects/{projectId}/messages',
  tags: ['Messages'],
  summary: 'Read a project’s conversation',
  description: `${description} Another provider’s project answers 404.`,
  ...PROVIDER,
  request: { params: ProjectIdParam, query: MessagePageQuery },
  responses,
});

const clientRoute = createRoute({
  method: 'get',
  path: '/api/portal/{portalId}/projects/{projectId}/messages',
  tags: ['Portal'],
  summary: 'Read a project’s conversation (client)',
  description: `${description} Only the client’s own projects.`,
  ...PORTAL_CLIENT,
  request: { params: PortalProjectParams, query: MessagePageQuery },
  responses,
});

/** GET /api/projects/{projectId}/messages and its portal counterpart. */
export function registerListMessages(app: App) {
  app.openapi(providerRoute, async (c) =>
    c.json(
      await listMessages(
        c.get('deps').sql,
        providerScope(c),
        c.req.valid('param').projectId,
        c.req.valid('query'),
      ),
      200,
    ),
  );
  app.openapi(clientRoute, async (c) =>
    c.json(
      await listMessages(
        c.get('deps').sql,
        clientScope(c),
        c.req.valid('param').projectId,
        c.req.valid('query'),
      ),
      200,
    ),
  );
}
