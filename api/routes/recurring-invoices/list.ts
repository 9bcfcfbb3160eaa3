import { RecurringInvoiceList, RecurringInvoiceListQuery } from '../../../shared/contracts/recurring';
import { errorResponses } from '../../http/openapi';
import { listRecurringInvoices } from '../../services/recurring/list-recurring';
import { providerOperation } from '../operation';

/** GET /api/recurring-invoices */
export const registerListRecurringInvoices = providerOperation(
  {
    method: 'get',
    path: '/api/recurring-invoices',
    operationId: 'listRecurringInvoices',
    tags: ['Recurring invoices'],
    summary: 'List recurring invoices',
    description:
      'A page of the provider’s recurring invoices, newest first (`limit`, default 50, at most 100; `nextCursor` continues the list as `cursor`), each with its next invoice day. Filters: `status` (`ended`: past its end date), `clientId`, `q` (contains, in the description and the client’s name). Only the provider’s own.',
    request: { query: RecurringInvoiceListQuery },
    responses: {
      200: {
        description: 'Recurring invoices',
        content: { 'application/json': { schema: RecurringInvoiceList } },
      },
      ...errorResponses(401, 403, 422),
    },
  },
  async (c, scope) =>
    c.json(await listRecurringInvoices(c.get('deps').sql, scope, c.req.valid('query')), 200),
);
