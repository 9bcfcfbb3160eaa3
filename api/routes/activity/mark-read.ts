import { createRoute } from '@hono/zod-openapi';
import { MarkedRead, MarkNotificationsRead } from '../../../shared/contracts/activity';
import { PortalPathParam } from '../../../shared/contracts/portal-client';
import { clientScope, providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { markNotificationsRead } from '../../services/activity/notifications';
import { PORTAL_CLIENT, PROVIDER } from '../audiences';

const description =
  'Spec §7 `mark_notifications_read`: marks the caller’s side’s unread notifications read, of `projectIds` or of all the caller’s projects (“Mark all read”). Projects that are not the caller’s change nothing. Returns how many changed.';
const body = {
  required: true,
  content: { 'application/json': { schema: MarkNotificationsRead, example: {} } },
};
const responses = {
  200: { description: 'How many were marked read', content: { 'application/json': { schema: MarkedRead } } },
  ...errorResponses(401, 403, 415, 422),
};

const providerRoute = createRoute({
  method: 'post',
  path: '/api/notifications/read',
  tags: ['Notifications'],
  summary: 'Mark notifications read',
  description,
  ...PROVIDER,
  request: { body },
  responses,
});

const clientRoute = createRoute({
  method: 'post',
  path: '/api/portal/{portalId}/notifications/read',
  tags: ['Portal'],
  summary: 'Mark notifications read (client)',
  description,
  ...PORTAL_CLIENT,
  request: { params: PortalPathParam, body },
  responses,
});

/** POST /api/notifications/read and its portal counterpart. */
export function registerMarkNotificationsRead(app: App) {
  app.openapi(providerRoute, async (c) =>
    c.json(
      {
        count: await markNotificationsRead(
          c.get('deps').sql,
          providerScope(c),
          c.req.valid('json').projectIds,
        ),
      },
      200,
    ),
  );
  app.openapi(clientRoute, async (c) =>
    c.json(
      {
        count: await markNotificationsRead(c.get('deps').sql, clientScope(c), c.req.valid('json').projectIds),
      },
      200,
    ),
  );
}
