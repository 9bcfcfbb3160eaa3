import { InvoiceList, InvoiceListQuery } from '../../../shared/contracts/invoices';
import { errorResponses } from '../../http/openapi';
import { listInvoices } from '../../services/invoices/list-invoices';
import { providerOperation } from '../operation';

/** GET /api/invoices */
export const registerListInvoices = providerOperation(
  {
    method: 'get',
    path: '/api/invoices',
    operationId: 'listInvoices',
    tags: ['Invoices'],
    summary: 'List invoices',
    description:
      'A page of the provider’s invoices, newest first (`limit`, default 50, at most 100; `nextCursor` continues the list as `cursor`). Filters: `status`, `clientId`, `projectId`, `q` (contains, in the number and the description). `totals` counts every status and sums its amounts per currency under the client, project and search filters (the status filter does not apply to them; amounts in different currencies are never added). Only the provider’s own invoices.',
    request: { query: InvoiceListQuery },
    responses: {
      200: { description: 'Invoices', content: { 'application/json': { schema: InvoiceList } } },
      ...errorResponses(401, 422),
    },
  },
  async (c, scope) => c.json(await listInvoices(c.get('deps').sql, scope, c.req.valid('query')), 200),
);
