import { createRoute } from '@hono/zod-openapi';
import { UnreadCount } from '../../../shared/contracts/activity';
import { PortalPathParam } from '../../../shared/contracts/portal-client';
import { clientScope, providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { latestSeq, unreadCount } from '../../services/activity/notifications';
import { PORTAL_CLIENT, PROVIDER } from '../audiences';

const description =
  'How many notifications the caller’s side has not read (the bell’s badge; spec §9 refetches it every 30 s), and the newest feed position it can see.';
const responses = {
  200: { description: 'The count', content: { 'application/json': { schema: UnreadCount } } },
  ...errorResponses(401, 422),
};

const providerRoute = createRoute({
  method: 'get',
  path: '/api/notifications/unread-count',
  tags: ['Notifications'],
  summary: 'Unread notifications',
  description,
  ...PROVIDER,
  responses,
});

const clientRoute = createRoute({
  method: 'get',
  path: '/api/portal/{portalId}/notifications/unread-count',
  tags: ['Portal'],
  summary: 'Unread notifications (client)',
  description,
  ...PORTAL_CLIENT,
  request: { params: PortalPathParam },
  responses,
});

/** GET /api/notifications/unread-count and its portal counterpart. */
export function registerUnreadCount(app: App) {
  app.openapi(providerRoute, async (c) => {
    const { sql } = c.get('deps');
    const scope = providerScope(c);
    const [count, seq] = await Promise.all([unreadCount(sql, scope), latestSeq(sql, scope)]);
    return c.json({ count, latestSeq: seq }, 200);
  });
  app.openapi(clientRoute, async (c) => {
    const { sql } = c.get('deps');
    const scope = clientScope(c);
    const [count, seq] = await Promise.all([unreadCount(sql, scope), latestSeq(sql, scope)]);
    return c.json({ count, latestSeq: seq }, 200);
  });
}
