import { z } from 'zod';
import { refundLatePayment } from '../../payments/refunds';
import { DELIVERY_ATTEMPTS } from '../backoff';
import { defineTask } from '../task';

/**
 * Refunds a card payment that arrived for an invoice already cancelled or paid another way (recorded with
 * the job by the webhook or the close job: `payments/stripe-jobs.ts` `recordLatePayment`;
 * `payments/refunds.ts`). Retried under the delivery rule (`../backoff.ts`); when Stripe refuses to the
 * end, the payment is flagged to the provider to refund by hand.
 */
export const stripeRefundPayment = defineTask({
  name: 'stripe_refund_payment',
  payload: z.object({ providerId: z.uuid(), paymentId: z.uuid() }),
  maxAttempts: DELIVERY_ATTEMPTS,
  async run({ providerId, paymentId }, ctx) {
    const result = await refundLatePayment({ ...ctx.deps, log: ctx.log }, providerId, paymentId, ctx);
    if (result.outcome === 'retry') throw result.error;
  },
});
