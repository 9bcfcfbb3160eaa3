import { Uuid } from '../../../shared/contracts/common';
import { Invoice } from '../../../shared/contracts/invoices';
import { errorResponses } from '../../http/openapi';
import { removeInvoicePayment } from '../../services/invoices/payments';
import { providerOperation } from '../operation';
import { InvoiceIdParam, invoiceDeps } from './params';

const PaymentParams = InvoiceIdParam.extend({
  paymentId: Uuid({ error: 'validation.invalid' }).meta({ param: { name: 'paymentId', in: 'path' } }),
});

/** DELETE /api/invoices/{invoiceId}/payments/{paymentId} */
export const registerRemoveInvoicePayment = providerOperation(
  {
    method: 'delete',
    path: '/api/invoices/{invoiceId}/payments/{paymentId}',
    operationId: 'removeInvoicePayment',
    tags: ['Invoices'],
    summary: 'Remove a payment recorded by hand',
    description:
      'Takes back a payment the provider recorded by hand by mistake (`source: manual`) and answers the invoice: `paidCents` goes down by its amount and `balanceCents` up; a `paid` invoice that now has a balance is open again (`overdue` when its due date has passed, else `sent`), and a Stripe invoice that was credited the payment asks for the new balance again (its credit note is voided). A payment through Stripe is money that moved and is refunded in Stripe instead, and a cancelled invoice’s payments stay as they are: both 409 `payment_not_removable`. The invoice row is locked while it runs; a repeated call for a removed payment answers 404 and changes nothing. Another provider’s invoice or payment answers 404.',
    request: { params: PaymentParams },
    responses: {
      200: {
        description: 'The invoice without the payment',
        content: { 'application/json': { schema: Invoice } },
      },
      ...errorResponses(401, 403, 404, 409, 422),
    },
  },
  async (c, scope) => {
    const { invoiceId, paymentId } = c.req.valid('param');
    return c.json(await removeInvoicePayment(invoiceDeps(c), scope, invoiceId, paymentId), 200);
  },
);
