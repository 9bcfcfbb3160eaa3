import { Uuid } from '../../../shared/contracts/common';
import { CheckoutRedirect } from '../../../shared/contracts/invoices';
import { PortalPathParam } from '../../../shared/contracts/portal-client';
import { errorResponses } from '../../http/openapi';
import { checkoutForInvoice } from '../../payments/portal-pay';
import { clientOperation } from '../operation';

const Params = PortalPathParam.extend({ invoiceId: Uuid() });

/** POST /api/portal/{portalId}/invoices/{invoiceId}/pay */
export const registerPortalPayInvoice = clientOperation(
  {
    method: 'post',
    path: '/api/portal/{portalId}/invoices/{invoiceId}/pay',
    operationId: 'portalPayInvoice',
    tags: ['Portal'],
    summary: 'Pay an invoice (client)',
    description:
      'Starts paying one of the signed-in client’s open invoices by card: returns the URL of a Stripe Checkout page in the provider’s Stripe account, for the invoice’s total and currency. After paying, Stripe returns the client to `<portal origin>/portal/{portalId}/payment-success?invoice={invoiceId}` (the portal’s verified custom domain when it has one); the invoice turns paid when Stripe’s webhook arrives (live on both sides). An open session of the invoice is reused; every session is closed (expired) when the invoice is cancelled or paid, and a payment that still gets through then is refunded automatically. Another client’s invoice and drafts answer 404; 409 `invoice_not_payable` unless the invoice is sent or overdue (also when it was cancelled or paid while the session was being made: that session is expired); 409 `stripe_not_connected` when the provider has not connected Stripe (the portal shows the payment instructions instead); 502 `stripe_unavailable` when Stripe cannot be reached.',
    request: { params: Params },
    responses: {
      200: { description: 'Where to pay', content: { 'application/json': { schema: CheckoutRedirect } } },
      ...errorResponses(401, 404, 409, 422, 502),
    },
  },
  async (c, scope) => {
    c.header('Cache-Control', 'no-store');
    const deps = { ...c.get('deps'), log: c.get('log') };
    return c.json(await checkoutForInvoice(deps, scope, c.req.valid('param').invoiceId), 200);
  },
);
