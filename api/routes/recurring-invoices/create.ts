import { RecurringInvoice, RecurringInvoiceCreate } from '../../../shared/contracts/recurring';
import { errorResponses } from '../../http/openapi';
import { createRecurringInvoice } from '../../services/recurring/create-recurring';
import { invoiceDeps } from '../invoices/params';
import { providerOperation } from '../operation';

/** POST /api/recurring-invoices */
export const registerCreateRecurringInvoice = providerOperation(
  {
    method: 'post',
    path: '/api/recurring-invoices',
    operationId: 'createRecurringInvoice',
    tags: ['Recurring invoices'],
    summary: 'Create a recurring invoice',
    description:
      'A schedule for one of the provider’s clients: monthly, quarterly or yearly from the start day (a 31st falls on the last day of shorter months and comes back), or every `intervalDays` days (at least 1); an optional end date. On each period’s first day a background job makes an invoice of the lines (as a draft’s: amounts and totals computed by the server; over 999,999.99 is 422 `invoice_total_too_large`) with that period of service and sends it (number, e-mail, Stripe), exactly once per period. The start lies today or later (422 `startDate`); a start of today makes the first invoice at once. Defaults: the currency from the profile, the client’s language, the settings’ payment term. Another provider’s client or project answers 404.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: RecurringInvoiceCreate,
            example: {
              clientId: '0b5a3c1e-8f52-4a53-9d0e-2f0b7f1f6a10',
              frequency: 'monthly',
              startDate: '2027-01-01',
              lines: [
                {
                  description: 'Website maintenance',
                  quantityMilli: 1_000,
                  unitPriceCents: 50_000,
                  taxRateBp: 1_900,
                  unit: 'month',
                },
              ],
            },
          },
        },
      },
    },
    responses: {
      201: { description: 'The schedule', content: { 'application/json': { schema: RecurringInvoice } } },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) => c.json(await createRecurringInvoice(invoiceDeps(c), scope, c.req.valid('json')), 201),
);
