import { RecurringInvoice } from '../../../shared/contracts/recurring';
import { errorResponses } from '../../http/openapi';
import { endAutopayAgreement } from '../../payments/autopay';
import { publishInvoiceActivity } from '../../services/invoices/deps';
import { getRecurringInvoice } from '../../services/recurring/get-recurring';
import { invoiceDeps } from '../invoices/params';
import { providerOperation } from '../operation';
import { RecurringInvoiceIdParam } from './params';

/** DELETE /api/recurring-invoices/{recurringInvoiceId}/autopay-agreement */
export const registerEndAutopayAgreement = providerOperation(
  {
    method: 'delete',
    path: '/api/recurring-invoices/{recurringInvoiceId}/autopay-agreement',
    operationId: 'endAutopayAgreement',
    tags: ['Recurring invoices'],
    summary: 'End the client’s automatic payment',
    description:
      'Ends the client’s agreement to pay this recurring invoice automatically: the next invoices are sent to pay (an invoice whose charge already started is not stopped), the saved card is detached from the client’s Stripe customer, the client sees in the portal that you ended it, and the activity feed records it. The schedule keeps offering automatic payment (turn off `autopay` to stop that), so the client may agree again. The ended agreement stays on record as ended by you. Without an agreement in force nothing changes. Another provider’s schedule answers 404.',
    request: { params: RecurringInvoiceIdParam },
    responses: {
      200: { description: 'The schedule', content: { 'application/json': { schema: RecurringInvoice } } },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) => {
    const id = c.req.valid('param').recurringInvoiceId;
    const deps = invoiceDeps(c);
    const seq = await endAutopayAgreement(deps, scope, id);
    if (seq !== null) await publishInvoiceActivity(deps, scope.providerId, [seq]);
    return c.json(await getRecurringInvoice(deps.sql, scope, id), 200);
  },
);
