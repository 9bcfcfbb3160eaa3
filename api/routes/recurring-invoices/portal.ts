import { Uuid } from '../../../shared/contracts/common';
import { CheckoutRedirect } from '../../../shared/contracts/invoices';
import { PortalPathParam } from '../../../shared/contracts/portal-client';
import { PortalRecurringInvoice, PortalRecurringInvoiceList } from '../../../shared/contracts/recurring';
import { errorResponses } from '../../http/openapi';
import { clientIp } from '../../http/rate-limit';
import { startAutopaySetup, withdrawAutopay } from '../../payments/autopay';
import { getPortalRecurringInvoice, listPortalRecurringInvoices } from '../../services/recurring/autopay';
import { invoiceDeps } from '../invoices/params';
import { clientOperation } from '../operation';

const Params = PortalPathParam.extend({
  recurringInvoiceId: Uuid({ error: 'validation.invalid' }).meta({
    param: { name: 'recurringInvoiceId', in: 'path' },
  }),
});

/** GET /api/portal/{portalId}/recurring-invoices */
export const registerPortalRecurringInvoices = clientOperation(
  {
    method: 'get',
    path: '/api/portal/{portalId}/recurring-invoices',
    operationId: 'portalListRecurringInvoices',
    tags: ['Portal'],
    summary: 'List my recurring invoices (client)',
    description:
      'The signed-in client’s running recurring invoices (active, not ended), the next invoice day first, each with whether the provider offers automatic payment and the card the client saved for it (brand and last four digits only).',
    request: { params: PortalPathParam },
    responses: {
      200: {
        description: 'The schedules',
        content: { 'application/json': { schema: PortalRecurringInvoiceList } },
      },
      ...errorResponses(401, 404, 422),
    },
  },
  async (c, scope) => c.json(await listPortalRecurringInvoices(c.get('deps').sql, scope), 200),
);

/** POST /api/portal/{portalId}/recurring-invoices/{recurringInvoiceId}/autopay */
export const registerPortalAgreeAutopay = clientOperation(
  {
    method: 'post',
    path: '/api/portal/{portalId}/recurring-invoices/{recurringInvoiceId}/autopay',
    operationId: 'portalAgreeAutopay',
    tags: ['Portal'],
    summary: 'Agree to automatic payment (client)',
    description:
      'Starts the client’s agreement to automatic payment of one of their running recurring invoices: returns the URL of a Stripe Checkout page in setup mode (in the provider’s Stripe account, for the client’s Stripe customer) where the client saves a card. Stripe returns the client to `<portal origin>/portal/{portalId}/invoices?autopay={recurringInvoiceId}`; the agreement is recorded when Stripe’s webhook arrives (who, when, from the address this request came from), and each later invoice of the schedule is charged to that card off-session, or sent to pay when that fails. Agreeing again replaces the card. Another client’s schedule answers 404; 409 `autopay_not_offered` unless the provider offers it on a running schedule; 409 `stripe_not_connected`; 502 `stripe_unavailable`.',
    request: { params: Params },
    responses: {
      200: {
        description: 'Where to save the card',
        content: { 'application/json': { schema: CheckoutRedirect } },
      },
      ...errorResponses(401, 404, 409, 422, 502),
    },
  },
  async (c, scope) => {
    c.header('Cache-Control', 'no-store');
    return c.json(
      await startAutopaySetup(invoiceDeps(c), scope, c.req.valid('param').recurringInvoiceId, clientIp(c)),
      200,
    );
  },
);

/** DELETE /api/portal/{portalId}/recurring-invoices/{recurringInvoiceId}/autopay */
export const registerPortalWithdrawAutopay = clientOperation(
  {
    method: 'delete',
    path: '/api/portal/{portalId}/recurring-invoices/{recurringInvoiceId}/autopay',
    operationId: 'portalWithdrawAutopay',
    tags: ['Portal'],
    summary: 'Withdraw automatic payment (client)',
    description:
      'The client withdraws their agreement: the next invoices of the schedule are sent to pay (an invoice whose charge already started is not stopped). The withdrawn agreement stays on record. Another client’s schedule answers 404; without an agreement nothing changes.',
    request: { params: Params },
    responses: {
      200: {
        description: 'The schedule',
        content: { 'application/json': { schema: PortalRecurringInvoice } },
      },
      ...errorResponses(401, 404, 422),
    },
  },
  async (c, scope) => {
    const id = c.req.valid('param').recurringInvoiceId;
    const deps = c.get('deps');
    await withdrawAutopay(deps, scope, id);
    return c.json(await getPortalRecurringInvoice(deps.sql, scope, id), 200);
  },
);
