import { createRoute } from '@hono/zod-openapi';
import { InvoiceSent } from '../../../shared/contracts/invoices';
import { providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { deliverSentInvoice } from '../../services/invoices/delivery';
import { getInvoice } from '../../services/invoices/get-invoice';
import { sendInvoice } from '../../services/invoices/send-invoice';
import { PROVIDER } from '../audiences';
import { InvoiceIdParam, invoiceDeps } from './params';

const route = createRoute({
  method: 'post',
  path: '/api/invoices/{invoiceId}/send',
  tags: ['Invoices'],
  summary: 'Send a draft invoice',
  description:
    'Finalises a draft: it gets the next number of the provider’s sequence (prefix and at least four digits; gapless and never reused, also under concurrent sends), the status `sent` and its issue date, and becomes immutable; the client sees it in the portal and gets an e-mail in the invoice’s language. Then, with Stripe connected, the invoice is created and sent in Stripe too: `payment` says whether that worked (the invoice is sent either way). 409 `invoice_transition_not_allowed` when it is not a draft; another provider’s invoice answers 404.',
  ...PROVIDER,
  request: { params: InvoiceIdParam },
  responses: {
    200: { description: 'Sent', content: { 'application/json': { schema: InvoiceSent } } },
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

/** POST /api/invoices/{invoiceId}/send */
export function registerSendInvoice(app: App) {
  app.openapi(route, async (c) => {
    const deps = invoiceDeps(c);
    const scope = providerScope(c);
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
  });
}
