import { createRoute } from '@hono/zod-openapi';
import { PortalPathParam, PortalSessionInfo } from '../../../shared/contracts/portal-client';
import { PORTAL_SECURITY, portalClientOf, requirePortalClient } from '../../auth/portal-client/middleware';
import { toSessionInfo } from '../../auth/portal-client/portal-session';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { SESSION_EXAMPLE } from './examples';

const { token: _token, ...INFO_EXAMPLE } = SESSION_EXAMPLE;

const route = createRoute({
  method: 'get',
  path: '/api/portal/{portalId}/session',
  tags: ['Portal'],
  summary: 'The current portal session',
  description:
    'The signed-in client and the session’s dates, for the portal’s guard. 401 without a live session of this portal. A session of ANOTHER portal is ended and recorded as a security event (spec §5), then answered with the same 401.',
  security: PORTAL_SECURITY,
  middleware: [requirePortalClient] as const,
  request: { params: PortalPathParam },
  responses: {
    200: {
      description: 'The session',
      content: { 'application/json': { schema: PortalSessionInfo, example: INFO_EXAMPLE } },
    },
    ...errorResponses(401, 422),
  },
});

/** GET /api/portal/{portalId}/session; also registers the `portalSession` security scheme. */
export function registerPortalSession(app: App) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'portalSession', {
    type: 'http',
    scheme: 'bearer',
    description:
      'Portal client session: the `token` of `POST /api/portal/sign-in` or `/api/portal/magic-link/consume`, as `Authorization: Bearer <token>`. Valid 7 days, for that client’s portal only.',
  });
  app.openapi(route, async (c) => c.json(toSessionInfo(portalClientOf(c)), 200));
}
