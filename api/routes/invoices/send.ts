import { InvoiceSent } from '../../../shared/contracts/invoices';
import { errorResponses } from '../../http/openapi';
import { sendInvoice } from '../../services/invoices/send-invoice';
import { providerOperation } from '../operation';
import { InvoiceIdParam, invoiceDeps } from './params';

/** POST /api/invoices/{invoiceId}/send */
export const registerSendInvoice = providerOperation(
  {
    method: 'post',
    path: '/api/invoices/{invoiceId}/send',
    operationId: 'sendInvoice',
    tags: ['Invoices'],
    summary: 'Send a draft invoice',
    description:
      'Finalises a draft: it gets the next number of the provider’s sequence (prefix and at least four digits; gapless and never reused, also under concurrent sends), the status `sent` and its issue date, and becomes immutable; the client sees it in the portal and gets an e-mail in the invoice’s language. With Stripe connected, creating, finalising and sending it in Stripe is queued with the send (`payment.status` `pending`) and happens in the background within seconds, retried with backoff when Stripe is away: the invoice’s `stripe.push` says how it went (`sent`, with `stripe.hostedUrl`; or `failed`, with `stripe.error`, after which the provider is notified), and the live invoice events tell the dashboard. 409 `invoice_transition_not_allowed` when it is not a draft; another provider’s invoice answers 404.',
    request: { params: InvoiceIdParam },
    responses: {
      200: { description: 'Sent', content: { 'application/json': { schema: InvoiceSent } } },
      ...errorResponses(401, 403, 404, 409, 422),
    },
  },
  async (c, scope) => c.json(await sendInvoice(invoiceDeps(c), scope, c.req.valid('param').invoiceId), 200),
);
