import { PortalInvoiceList, PortalListQuery, PortalPathParam } from '../../../shared/contracts/portal-client';
import { errorResponses } from '../../http/openapi';
import { listClientInvoices } from '../../services/portal-client/client-data';
import { clientOperation } from '../operation';

/** GET /api/portal/{portalId}/invoices */
export const registerPortalInvoices = clientOperation(
  {
    method: 'get',
    path: '/api/portal/{portalId}/invoices',
    operationId: 'portalListInvoices',
    tags: ['Portal'],
    summary: 'The client’s invoices',
    description:
      'The signed-in client’s invoices (newest first, paged by cursor: `limit` up to 100, default 50; `nextCursor` continues the list as `cursor`), drafts excluded: a draft is the provider’s own until it is sent. Only the client’s own.',
    request: { params: PortalPathParam, query: PortalListQuery.omit({ portalId: true }) },
    responses: {
      200: { description: 'The invoices', content: { 'application/json': { schema: PortalInvoiceList } } },
      ...errorResponses(401, 422),
    },
  },
  async (c, scope) => c.json(await listClientInvoices(c.get('deps').sql, scope, c.req.valid('query')), 200),
);
