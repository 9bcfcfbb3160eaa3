import { Overview } from '../../../shared/contracts/overview';
import { errorResponses } from '../../http/openapi';
import { getOverview } from '../../services/overview/get-overview';
import { providerOperation } from '../operation';

/** GET /api/overview */
export const registerGetOverview = providerOperation(
  {
    method: 'get',
    path: '/api/overview',
    operationId: 'getOverview',
    tags: ['Dashboard'],
    summary: 'Dashboard totals',
    description:
      'The totals of the overview page (spec §3), computed in one SQL statement over the caller’s data only: clients; active projects (planning, in progress); pending invoices (sent, overdue); revenue from paid invoices in the provider currency (profile currency, else USD for English and EUR for German), with other currencies listed separately and never added up. `isEmpty` is true while the workspace has no portals, clients or projects. Not cacheable.',
    responses: {
      200: { description: 'The totals', content: { 'application/json': { schema: Overview } } },
      ...errorResponses(401),
    },
  },
  async (c, scope) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getOverview(c.get('deps').sql, scope), 200);
  },
);
