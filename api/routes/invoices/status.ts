import { Invoice, InvoiceStatusChange } from '../../../shared/contracts/invoices';
import { errorResponses } from '../../http/openapi';
import { changeInvoiceStatus } from '../../services/invoices/change-status';
import { providerOperation } from '../operation';
import { InvoiceIdParam, invoiceDeps } from './params';

/** POST /api/invoices/{invoiceId}/status */
export const registerChangeInvoiceStatus = providerOperation(
  {
    method: 'post',
    path: '/api/invoices/{invoiceId}/status',
    operationId: 'changeInvoiceStatus',
    tags: ['Invoices'],
    summary: 'Change an invoice’s status',
    description:
      'Marks a sent or overdue invoice `paid` (with `paidDate`, the day the money arrived: default today, never in the future) or a sent one `overdue`. Marking it paid closes it in Stripe (a background job: open Checkout sessions expired, the Stripe invoice marked paid out of band, `stripe.closing`); a card payment that still arrives is refunded automatically (`payments`). Statuses only move along the allowed transitions (draft → sent → paid | overdue | cancelled; overdue → paid | cancelled; paid and cancelled are final): anything else is 409 `invoice_transition_not_allowed` (`allowedStatuses` of the invoice lists what is possible now). Another provider’s invoice answers 404.',
    request: {
      params: InvoiceIdParam,
      body: {
        required: true,
        content: {
          'application/json': {
            schema: InvoiceStatusChange,
            example: { status: 'paid', paidDate: '2026-11-20' },
          },
        },
      },
    },
    responses: {
      200: { description: 'The invoice', content: { 'application/json': { schema: Invoice } } },
      ...errorResponses(401, 403, 404, 409, 422),
    },
  },
  async (c, scope) =>
    c.json(
      await changeInvoiceStatus(invoiceDeps(c), scope, c.req.valid('param').invoiceId, c.req.valid('json')),
      200,
    ),
);
