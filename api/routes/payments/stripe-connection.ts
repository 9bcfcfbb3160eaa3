import { createRoute } from '@hono/zod-openapi';
import { StripeConnect, StripeConnection } from '../../../shared/contracts/invoices';
import { providerScope } from '../../auth/scope';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { connectStripe, disconnectStripe, getStripeConnection } from '../../payments/connection';
import { PROVIDER } from '../audiences';

const json = { 'application/json': { schema: StripeConnection } };

const getRoute = createRoute({
  method: 'get',
  path: '/api/payments/stripe',
  tags: ['Payments'],
  summary: 'The Stripe connection',
  description:
    'Whether the signed-in provider’s own Stripe account is connected: its account id and name, test or live, the last four characters of the key (the key itself is never returned), and the webhook URL Stripe calls.',
  ...PROVIDER,
  responses: { 200: { description: 'The connection', content: json }, ...errorResponses(401) },
});

const putRoute = createRoute({
  method: 'put',
  path: '/api/payments/stripe',
  tags: ['Payments'],
  summary: 'Connect Stripe',
  description:
    'Connects the provider’s Stripe account with a secret key (or a restricted key with write access to customers, invoices, invoice items, Checkout Sessions and webhook endpoints). The key is checked by reading the account first: 422 `stripe_key_invalid` when Stripe refuses it, 502 `stripe_unavailable` when Stripe cannot be reached. Without `webhookSecret` a webhook endpoint for `<PUBLIC_URL>/api/webhooks/stripe` is created in the account (422 with the field `webhookSecret` when Stripe refuses that URL: create the endpoint yourself and send its signing secret). Key and secret are stored encrypted. Replaces an earlier connection.',
  ...PROVIDER,
  request: {
    body: {
      required: true,
      content: {
        'application/json': { schema: StripeConnect, example: { secretKey: 'sk_test_51Nxxxxxxxxxxxxxxxx' } },
      },
    },
  },
  responses: {
    200: { description: 'Connected', content: json },
    ...errorResponses(401, 403, 413, 415, 422, 502, 503),
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/api/payments/stripe',
  tags: ['Payments'],
  summary: 'Disconnect Stripe',
  description:
    'Removes the connection and its stored secrets; the webhook endpoint we created in the account is deleted too when Stripe can be reached (best effort). Invoices already in Stripe stay there; events about them are no longer accepted.',
  ...PROVIDER,
  responses: { 204: { description: 'Disconnected' }, ...errorResponses(401, 403) },
});

/** GET, PUT and DELETE /api/payments/stripe */
export function registerStripeConnection(app: App) {
  app.openapi(getRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getStripeConnection({ ...c.get('deps'), log: c.get('log') }, providerScope(c)), 200);
  });
  app.openapi(putRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const deps = { ...c.get('deps'), log: c.get('log') };
    return c.json(await connectStripe(deps, providerScope(c), c.req.valid('json')), 200);
  });
  app.openapi(deleteRoute, async (c) => {
    await disconnectStripe({ ...c.get('deps'), log: c.get('log') }, providerScope(c));
    return c.body(null, 204);
  });
}
