import { RecurringInvoice } from '../../../shared/contracts/recurring';
import { errorResponses } from '../../http/openapi';
import { getRecurringInvoice } from '../../services/recurring/get-recurring';
import { providerOperation } from '../operation';
import { RecurringInvoiceIdParam } from './params';

/** GET /api/recurring-invoices/{recurringInvoiceId} */
export const registerGetRecurringInvoice = providerOperation(
  {
    method: 'get',
    path: '/api/recurring-invoices/{recurringInvoiceId}',
    operationId: 'getRecurringInvoice',
    tags: ['Recurring invoices'],
    summary: 'Get a recurring invoice',
    description:
      'One of the provider’s recurring invoices with its lines, totals, the next invoice days and the last invoiced periods with their invoices. Another provider’s answers 404.',
    request: { params: RecurringInvoiceIdParam },
    responses: {
      200: { description: 'The schedule', content: { 'application/json': { schema: RecurringInvoice } } },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) =>
    c.json(await getRecurringInvoice(c.get('deps').sql, scope, c.req.valid('param').recurringInvoiceId), 200),
);
