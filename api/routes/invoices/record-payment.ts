import { Invoice } from '../../../shared/contracts/invoices';
import { InvoicePaymentCreate } from '../../../shared/contracts/payments';
import { errorResponses } from '../../http/openapi';
import { recordInvoicePayment } from '../../services/invoices/payments';
import { providerOperation } from '../operation';
import { InvoiceIdParam, invoiceDeps } from './params';

/** POST /api/invoices/{invoiceId}/payments */
export const registerRecordInvoicePayment = providerOperation(
  {
    method: 'post',
    path: '/api/invoices/{invoiceId}/payments',
    operationId: 'recordInvoicePayment',
    tags: ['Invoices'],
    summary: 'Record a payment',
    description:
      'Records a payment the provider received outside Stripe (bank transfer, cash…) on a sent or overdue invoice: `amountCents` in minor units, at least 1 and at most the balance due (`balanceCents`; more is 422 `payment_exceeds_balance`), `paidDate` the day it arrived (default today, never in the future), an optional method and note. The invoice’s `paidCents` and `balanceCents` change at once; the payment that pays the rest marks it `paid` (`paidVia: manual`, closing it in Stripe as marking it paid does); while it stays open, its Stripe invoice (if any) is credited the payment (a credit note, by a job), so Stripe’s hosted page asks for the balance too. A paid, cancelled or draft invoice is 409 `invoice_not_payable`; another provider’s invoice 404. Payments on one invoice are applied one at a time (the invoice row is locked), so together they never exceed its total.',
    request: {
      params: InvoiceIdParam,
      body: {
        required: true,
        content: {
          'application/json': {
            schema: InvoicePaymentCreate,
            example: { amountCents: 50_000, paidDate: '2026-11-20', method: 'Bank transfer', note: null },
          },
        },
      },
    },
    responses: {
      201: {
        description: 'The invoice with the payment',
        content: { 'application/json': { schema: Invoice } },
      },
      ...errorResponses(401, 403, 404, 409, 422),
    },
  },
  async (c, scope) =>
    c.json(
      await recordInvoicePayment(invoiceDeps(c), scope, c.req.valid('param').invoiceId, c.req.valid('json')),
      201,
    ),
);
