import { Invoice, InvoiceCancel } from '../../../shared/contracts/invoices';
import { errorResponses } from '../../http/openapi';
import { cancelInvoice } from '../../services/invoices/cancel-invoice';
import { providerOperation } from '../operation';
import { InvoiceIdParam, invoiceDeps } from './params';

/** POST /api/invoices/{invoiceId}/cancel */
export const registerCancelInvoice = providerOperation(
  {
    method: 'post',
    path: '/api/invoices/{invoiceId}/cancel',
    operationId: 'cancelInvoice',
    tags: ['Invoices'],
    summary: 'Cancel an invoice',
    description:
      'Cancels a sent or overdue invoice with a credit note: the next number of the credit-note sequence (gapless, like invoice numbers), the invoice’s amount and the optional reason. The invoice keeps its number and becomes `cancelled` (final). Nothing of it stays payable in Stripe: a background job expires its open Checkout sessions and voids its Stripe invoice (`stripe.closing`); a card payment that still arrives is refunded automatically (`payments`). A draft is deleted instead and a paid invoice cannot be cancelled (409 `invoice_transition_not_allowed`). Another provider’s invoice answers 404.',
    request: {
      params: InvoiceIdParam,
      body: {
        required: true,
        content: { 'application/json': { schema: InvoiceCancel, example: { reason: 'Wrong hourly rate' } } },
      },
    },
    responses: {
      200: {
        description: 'The cancelled invoice with its credit note',
        content: { 'application/json': { schema: Invoice } },
      },
      ...errorResponses(401, 403, 404, 409, 422),
    },
  },
  async (c, scope) =>
    c.json(
      await cancelInvoice(invoiceDeps(c), scope, c.req.valid('param').invoiceId, c.req.valid('json')),
      200,
    ),
);
