import { PortalDashboard, PortalPathParam } from '../../../shared/contracts/portal-client';
import { errorResponses } from '../../http/openapi';
import { getClientDashboard } from '../../services/portal-client/client-data';
import { clientOperation } from '../operation';

/** GET /api/portal/{portalId}/dashboard */
export const registerPortalDashboard = clientOperation(
  {
    method: 'get',
    path: '/api/portal/{portalId}/dashboard',
    operationId: 'portalGetDashboard',
    tags: ['Portal'],
    summary: 'The client’s dashboard',
    description:
      'The signed-in client’s active projects (planning or in progress; up to 5) and unpaid invoices (sent or overdue; up to 5, earliest due first) with their counts and the unpaid totals per currency. Only the client’s own.',
    request: { params: PortalPathParam },
    responses: {
      200: { description: 'The dashboard', content: { 'application/json': { schema: PortalDashboard } } },
      ...errorResponses(401, 422),
    },
  },
  async (c, scope) => c.json(await getClientDashboard(c.get('deps').sql, scope), 200),
);
