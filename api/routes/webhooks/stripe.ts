import { z } from '@hono/zod-openapi';
import { errorResponses } from '../../http/openapi';
import { handleStripeEvent, verifyStripeWebhook } from '../../payments/webhooks';
import { publicOperation } from '../operation';

const Received = z
  .object({
    received: z.literal(true),
    duplicate: z
      .boolean()
      .meta({ description: 'True when this event id was processed before (nothing done).' }),
  })
  .meta({ id: 'StripeWebhookReceived' });

/** POST /api/webhooks/stripe */
export const registerStripeWebhook = publicOperation(
  {
    method: 'post',
    path: '/api/webhooks/stripe',
    operationId: 'receiveStripeWebhook',
    tags: ['Payments'],
    summary: 'Stripe webhook',
    description:
      'Where Stripe delivers events: of the platform’s own account (plan subscriptions) and of every provider’s connected account (their invoices). No session: the `Stripe-Signature` header is verified on the raw body with the platform’s signing secret, else with the stored secret of the provider the event names; anything else answers 400 `stripe_webhook_invalid` and changes nothing. Each event id is processed once (a repeated delivery answers 200 with `duplicate: true`); statuses only move forward, so deliveries in any order give the same result. `invoice.paid` and a paid `checkout.session.completed` of a session we made mark our invoice paid (and queue closing it in Stripe: other Checkout sessions expired, the Stripe invoice settled); the same events for an invoice already cancelled or paid another way are recorded as a late payment and refunded automatically by a background job (the provider and the client are notified; the provider is asked to refund by hand if Stripe keeps refusing); `invoice.payment_failed` is recorded only, `invoice.voided` only updates the Stripe state we show; `customer.subscription.*` set the provider’s plan.',
    request: {
      headers: z.object({ 'stripe-signature': z.string().max(4096).optional() }),
      body: {
        required: true,
        description: 'The event exactly as Stripe sent it (JSON; verified as raw bytes).',
        content: {
          'application/json': {
            schema: { type: 'object' as const },
            example: {
              id: 'evt_1QZx2bLkdIwHu7ix',
              object: 'event',
              type: 'invoice.paid',
              data: { object: { id: 'in_1QZx2aLkdIwHu7ix', object: 'invoice', status: 'paid' } },
            },
          },
        },
      },
    },
    responses: {
      200: {
        description: 'Accepted',
        content: { 'application/json': { schema: Received, example: { received: true, duplicate: false } } },
      },
      ...errorResponses(400, 413, 415),
    },
  },
  async (c) => {
    const deps = { ...c.get('deps'), log: c.get('log') };
    const raw = await c.req.text();
    const { event, source } = await verifyStripeWebhook(deps, raw, c.req.header('stripe-signature'));
    const { processed } = await handleStripeEvent(deps, event, source);
    c.get('log').info({ eventId: event.id, type: event.type, duplicate: !processed }, 'stripe webhook');
    return c.json({ received: true as const, duplicate: !processed }, 200);
  },
);
