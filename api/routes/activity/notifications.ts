import { createRoute } from '@hono/zod-openapi';
import { NotificationList } from '../../../shared/contracts/activity';
import { PortalPathParam } from '../../../shared/contracts/portal-client';
import { clientScope, providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { listNotifications } from '../../services/activity/notifications';
import { PORTAL_CLIENT, PROVIDER } from '../audiences';

const description =
  'The notification sheet (spec §2, §7): the newest 50 activity items of the caller’s projects, newest first, each with its project and client, title and description in the request language (`Accept-Language`), and whether the caller’s side has read it; with the unread count.';
const responses = {
  200: { description: 'Notifications', content: { 'application/json': { schema: NotificationList } } },
  ...errorResponses(401, 422),
};

const providerRoute = createRoute({
  method: 'get',
  path: '/api/notifications',
  tags: ['Notifications'],
  summary: 'Your notifications',
  description,
  ...PROVIDER,
  responses,
});

const clientRoute = createRoute({
  method: 'get',
  path: '/api/portal/{portalId}/notifications',
  tags: ['Portal'],
  summary: 'The client’s notifications',
  description: `${description} Only the client’s own projects, without what the provider keeps internal.`,
  ...PORTAL_CLIENT,
  request: { params: PortalPathParam },
  responses,
});

/** GET /api/notifications and its portal counterpart. */
export function registerNotifications(app: App) {
  app.openapi(providerRoute, async (c) =>
    c.json(await listNotifications(c.get('deps').sql, providerScope(c), c.get('lang')), 200),
  );
  app.openapi(clientRoute, async (c) =>
    c.json(await listNotifications(c.get('deps').sql, clientScope(c), c.get('lang')), 200),
  );
}
