import { errorResponses } from '../../http/openapi';
import { deleteRecurringInvoice } from '../../services/recurring/delete-recurring';
import { invoiceDeps } from '../invoices/params';
import { providerOperation } from '../operation';
import { RecurringInvoiceIdParam } from './params';

/** DELETE /api/recurring-invoices/{recurringInvoiceId} */
export const registerDeleteRecurringInvoice = providerOperation(
  {
    method: 'delete',
    path: '/api/recurring-invoices/{recurringInvoiceId}',
    operationId: 'deleteRecurringInvoice',
    tags: ['Recurring invoices'],
    summary: 'Delete a recurring invoice',
    description:
      'Deletes the schedule: no further invoices are made. The invoices it made stay. Another provider’s answers 404.',
    request: { params: RecurringInvoiceIdParam },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 422) },
  },
  async (c, scope) => {
    await deleteRecurringInvoice(invoiceDeps(c), scope, c.req.valid('param').recurringInvoiceId);
    return c.body(null, 204);
  },
);
