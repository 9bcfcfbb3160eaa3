import { z } from 'zod';
import { syncStripeCredits } from '../../payments/stripe-credits';
import { DELIVERY_ATTEMPTS } from '../backoff';
import { defineTask } from '../task';

/**
 * Makes a Stripe invoice ask for our balance after payments recorded by hand (issue 28): one credit note
 * per hand-recorded payment, voided when the payment is taken back (`payments/stripe-credits.ts`; queued by
 * `payments/stripe-jobs.ts` `queueStripeCredits`). Retried under the delivery rule (`../backoff.ts`).
 */
export const stripeSyncCredits = defineTask({
  name: 'stripe_sync_credits',
  payload: z.object({ providerId: z.uuid(), invoiceId: z.uuid() }),
  maxAttempts: DELIVERY_ATTEMPTS,
  async run({ providerId, invoiceId }, ctx) {
    const result = await syncStripeCredits({ ...ctx.deps, log: ctx.log }, providerId, invoiceId, ctx);
    if (result.outcome === 'retry') throw result.error;
  },
});
