import { CheckoutRedirect, Plan } from '../../../shared/contracts/invoices';
import { errorResponses } from '../../http/openapi';
import { cancelPlan, getPlan, startPlanCheckout } from '../../payments/plan';
import { operations, providerOperation } from '../operation';

const planJson = { 'application/json': { schema: Plan } };

const getRoute = providerOperation(
  {
    method: 'get',
    path: '/api/plan',
    operationId: 'getPlan',
    tags: ['Plan'],
    summary: 'The provider’s plan',
    description:
      'The signed-in provider’s plan: `trial` (the 14 days from sign-up), `premium` (a Professional subscription that is active, trialing or past due) or `expired` (read-only until subscribed), with the subscription’s status and period as Stripe last reported them. `billingAvailable` is false when this server has no Stripe account of its own.',
    responses: { 200: { description: 'The plan', content: planJson }, ...errorResponses(401) },
  },
  async (c, scope) => c.json(await getPlan(c.get('deps'), scope.providerId), 200),
);

const checkoutRoute = providerOperation(
  {
    method: 'post',
    path: '/api/plan/checkout',
    operationId: 'startPlanCheckout',
    tags: ['Plan'],
    summary: 'Subscribe to Professional',
    description:
      'Starts Stripe Checkout (subscription mode, 9 EUR a month, on the platform’s Stripe account) and returns its URL; Stripe returns the provider to `/dashboard/settings?plan=success` (or `?plan=cancelled`). The plan turns premium when Stripe’s subscription webhook arrives. 503 `billing_unavailable` on a server without its own Stripe account, 409 `conflict` while a subscription is running, 502 `stripe_unavailable` when Stripe cannot be reached.',
    responses: {
      200: {
        description: 'Where to subscribe',
        content: { 'application/json': { schema: CheckoutRedirect } },
      },
      ...errorResponses(401, 403, 409, 502, 503),
    },
  },
  async (c, scope) => {
    const deps = { ...c.get('deps'), log: c.get('log') };
    return c.json(await startPlanCheckout(deps, scope.providerId), 200);
  },
);

const cancelRoute = providerOperation(
  {
    method: 'post',
    path: '/api/plan/cancel',
    operationId: 'cancelPlan',
    tags: ['Plan'],
    summary: 'Cancel the subscription',
    description:
      'Asks Stripe to end the subscription at the end of the period already paid (the plan stays premium until then). Returns the plan as it is now; `cancelAtPeriodEnd` turns true when Stripe’s webhook arrives. 409 `conflict` without a running subscription, 503 `billing_unavailable`, 502 `stripe_unavailable`.',
    responses: {
      200: { description: 'The plan', content: planJson },
      ...errorResponses(401, 403, 409, 502, 503),
    },
  },
  async (c, scope) => {
    const deps = { ...c.get('deps'), log: c.get('log') };
    return c.json(await cancelPlan(deps, scope.providerId), 200);
  },
);

/** GET /api/plan, POST /api/plan/checkout, POST /api/plan/cancel */
export const registerPlan = operations(getRoute, checkoutRoute, cancelRoute);
