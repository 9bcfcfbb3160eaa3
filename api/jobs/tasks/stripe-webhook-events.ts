import { z } from 'zod';
import { queueWebhookEventUpdates, updateWebhookEvents } from '../../payments/connection';
import { DELIVERY_ATTEMPTS } from '../backoff';
import { defineTask } from '../task';

/**
 * Brings one provider's Stripe webhook endpoint (the one we made) up to the events the product needs now
 * (`payments/connection.ts` `updateWebhookEvents`; e.g. `payment_intent.succeeded` for a provider connected
 * before automatic payment, issue 28). Retried under the delivery rule (`../backoff.ts`).
 */
export const stripeWebhookEvents = defineTask({
  name: 'stripe_webhook_events',
  payload: z.object({ providerId: z.uuid() }),
  maxAttempts: DELIVERY_ATTEMPTS,
  async run({ providerId }, ctx) {
    const result = await updateWebhookEvents({ ...ctx.deps, log: ctx.log }, providerId, ctx);
    if (result.outcome === 'retry') throw result.error;
    ctx.log.info({ providerId, outcome: result.outcome }, 'Stripe webhook endpoint events');
  },
});

/** Hourly: one `stripe_webhook_events` job per endpoint that lacks an event we need (none once all are done). */
export const stripeWebhookEventsSweep = defineTask({
  name: 'stripe_webhook_events_sweep',
  payload: z.object({}),
  maxAttempts: 3,
  async run(_payload, { deps, log }) {
    const queued = await queueWebhookEventUpdates(deps);
    if (queued > 0) log.info({ queued }, 'Stripe webhook endpoints to update');
  },
});
