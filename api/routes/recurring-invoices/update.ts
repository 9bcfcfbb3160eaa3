import { RecurringInvoice, RecurringInvoiceUpdate } from '../../../shared/contracts/recurring';
import { errorResponses } from '../../http/openapi';
import { updateRecurringInvoice } from '../../services/recurring/update-recurring';
import { invoiceDeps } from '../invoices/params';
import { providerOperation } from '../operation';
import { RecurringInvoiceIdParam } from './params';

/** PATCH /api/recurring-invoices/{recurringInvoiceId} */
export const registerUpdateRecurringInvoice = providerOperation(
  {
    method: 'patch',
    path: '/api/recurring-invoices/{recurringInvoiceId}',
    operationId: 'updateRecurringInvoice',
    tags: ['Recurring invoices'],
    summary: 'Change, pause or resume a recurring invoice',
    description:
      'Changes the fields sent (`lines` replaces every line); the invoices already made stay as they are. `status: paused` stops it, `active` resumes it from the next period that starts today or later (the paused periods are not invoiced). A new rhythm (frequency, interval, start, end) continues likewise, after the periods already invoiced. A new start lies today or later (422 `startDate`), the end not before the start (422 `endDate`). Another provider’s answers 404.',
    request: {
      params: RecurringInvoiceIdParam,
      body: {
        required: true,
        content: { 'application/json': { schema: RecurringInvoiceUpdate, example: { status: 'paused' } } },
      },
    },
    responses: {
      200: { description: 'The schedule', content: { 'application/json': { schema: RecurringInvoice } } },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) =>
    c.json(
      await updateRecurringInvoice(
        invoiceDeps(c),
        scope,
        c.req.valid('param').recurringInvoiceId,
        c.req.valid('json'),
      ),
      200,
    ),
);
