import { PortalInvoiceList, PortalPathParam } from '../../../shared/contracts/portal-client';
import { errorResponses } from '../../http/openapi';
import { listClientInvoices } from '../../services/portal-client/client-data';
import { clientOperation } from '../operation';

/** GET /api/portal/{portalId}/invoices */
export const registerPortalInvoices = clientOperation(
  {
    method: 'get',
    path: '/api/portal/{portalId}/invoices',
    tags: ['Portal'],
    summary: 'The client’s invoices',
    description:
      'The signed-in client’s invoices (up to 200, newest first), drafts excluded: a draft is the provider’s own until it is sent. Only the client’s own.',
    request: { params: PortalPathParam },
    responses: {
      200: { description: 'The invoices', content: { 'application/json': { schema: PortalInvoiceList } } },
      ...errorResponses(401, 422),
    },
  },
  async (c, scope) => c.json({ items: await listClientInvoices(c.get('deps').sql, scope) }, 200),
);
