import { StripeConnect, StripeConnection } from '../../../shared/contracts/invoices';
import { errorResponses } from '../../http/openapi';
import { connectStripe, disconnectStripe, getStripeConnection } from '../../payments/connection';
import { operations, providerOperation } from '../operation';

const json = { 'application/json': { schema: StripeConnection } };

const getRoute = providerOperation(
  {
    method: 'get',
    path: '/api/payments/stripe',
    operationId: 'getStripeConnection',
    tags: ['Payments'],
    summary: 'The Stripe connection',
    description:
      'Whether the signed-in provider’s own Stripe account is connected: its account id and name, test or live, the last four characters of the key (the key itself is never returned), and the webhook URL Stripe calls.',
    responses: { 200: { description: 'The connection', content: json }, ...errorResponses(401) },
  },
  async (c, scope) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getStripeConnection({ ...c.get('deps'), log: c.get('log') }, scope), 200);
  },
);

const putRoute = providerOperation(
  {
    method: 'put',
    path: '/api/payments/stripe',
    operationId: 'connectStripe',
    tags: ['Payments'],
    summary: 'Connect Stripe',
    description:
      'Connects the provider’s Stripe account with a secret key (or a restricted key with write access to customers, invoices, invoice items, Checkout Sessions and webhook endpoints). The key is checked by reading the account first: 422 `stripe_key_invalid` when Stripe refuses it, 502 `stripe_unavailable` when Stripe cannot be reached. Without `webhookSecret` a webhook endpoint for `<PUBLIC_URL>/api/webhooks/stripe` is created in the account (422 with the field `webhookSecret` when Stripe refuses that URL: create the endpoint yourself and send its signing secret). Key and secret are stored encrypted. Replaces an earlier connection.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: StripeConnect,
            example: { secretKey: 'sk_test_51Nxxxxxxxxxxxxxxxx' },
          },
        },
      },
    },
    responses: {
      200: { description: 'Connected', content: json },
      ...errorResponses(401, 403, 413, 415, 422, 502, 503),
    },
  },
  async (c, scope) => {
    c.header('Cache-Control', 'no-store');
    const deps = { ...c.get('deps'), log: c.get('log') };
    return c.json(await connectStripe(deps, scope, c.req.valid('json')), 200);
  },
);

const deleteRoute = providerOperation(
  {
    method: 'delete',
    path: '/api/payments/stripe',
    operationId: 'disconnectStripe',
    tags: ['Payments'],
    summary: 'Disconnect Stripe',
    description:
      'Removes the connection and its stored secrets; the webhook endpoint we created in the account is deleted too when Stripe can be reached (best effort). Invoices already in Stripe stay there; events about them are no longer accepted.',
    responses: { 204: { description: 'Disconnected' }, ...errorResponses(401, 403) },
  },
  async (c, scope) => {
    await disconnectStripe({ ...c.get('deps'), log: c.get('log') }, scope);
    return c.body(null, 204);
  },
);

/** GET, PUT and DELETE /api/payments/stripe */
export const registerStripeConnection = operations(getRoute, putRoute, deleteRoute);
