import { InvoiceSent } from '../../../shared/contracts/invoices';
import { errorResponses } from '../../http/openapi';
import { deliverSentInvoice } from '../../services/invoices/delivery';
import { getInvoice, sendInvoice } from '../../services/invoices/invoices';
import { providerOperation } from '../operation';
import { InvoiceIdParam, invoiceDeps } from './params';

/** POST /api/invoices/{invoiceId}/send */
export const registerSendInvoice = providerOperation(
  {
    method: 'post',
    path: '/api/invoices/{invoiceId}/send',
    tags: ['Invoices'],
    summary: 'Send a draft invoice',
    description:
      'Finalises a draft: it gets the next number of the provider’s sequence (prefix and at least four digits; gapless and never reused, also under concurrent sends), the status `sent` and its issue date, and becomes immutable; the client sees it in the portal and gets an e-mail in the invoice’s language. Then, with Stripe connected, the invoice is created and sent in Stripe too: `payment` says whether that worked (the invoice is sent either way). 409 `invoice_transition_not_allowed` when it is not a draft; another provider’s invoice answers 404.',
    request: { params: InvoiceIdParam },
    responses: {
      200: { description: 'Sent', content: { 'application/json': { schema: InvoiceSent } } },
      ...errorResponses(401, 403, 404, 409, 422),
    },
  },
  async (c, scope) => {
    const deps = invoiceDeps(c);
    const { invoiceId } = c.req.valid('param');
    const sent = await sendInvoice(deps, scope, invoiceId);
    // After the commit: the payment provider's copy (Stripe), which never undoes the send.
    const payment = await deliverSentInvoice(
      { ...deps, lang: c.get('lang') },
      scope.providerId,
      invoiceId,
    ).catch((err) => {
      deps.log.error({ err, invoiceId }, 'sent invoice not delivered to the payment provider');
      return { provider: 'stripe' as const, status: 'failed' as const, message: null };
    });
    const invoice = payment.provider === 'none' ? sent : await getInvoice(deps.sql, scope, invoiceId);
    return c.json({ invoice, payment }, 200);
  },
);
