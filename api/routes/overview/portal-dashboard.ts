import { createRoute } from '@hono/zod-openapi';
import { PortalDashboard, PortalPathParam } from '../../../shared/contracts/portal-client';
import { PORTAL_SECURITY, requirePortalClient } from '../../auth/portal-client/middleware';
import { clientScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { getClientDashboard } from '../../services/portal-client/client-data';

const route = createRoute({
  method: 'get',
  path: '/api/portal/{portalId}/dashboard',
  tags: ['Portal'],
  summary: 'The client’s dashboard',
  description:
    'The signed-in client’s active projects (planning or in progress; up to 5) and unpaid invoices (sent or overdue; up to 5, earliest due first) with their counts and the unpaid totals per currency. Only the client’s own.',
  security: PORTAL_SECURITY,
  middleware: [requirePortalClient] as const,
  request: { params: PortalPathParam },
  responses: {
    200: { description: 'The dashboard', content: { 'application/json': { schema: PortalDashboard } } },
    ...errorResponses(401, 422),
  },
});

/** GET /api/portal/{portalId}/dashboard */
export function registerPortalDashboard(app: App) {
  app.openapi(route, async (c) => c.json(await getClientDashboard(c.get('deps').sql, clientScope(c)), 200));
}
