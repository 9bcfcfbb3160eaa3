import { z } from 'zod';
import { detachAgreementCard } from '../../payments/autopay';
import { DELIVERY_ATTEMPTS } from '../backoff';
import { defineTask } from '../task';

/**
 * Detaches the saved card of an ended automatic-payment agreement from the client's Stripe customer (issue 28;
 * queued in the transaction that ended it: withdrawn by the client, ended by the provider, or replaced by a
 * new card; `payments/autopay.ts` `detachAgreementCard`). Retried under the delivery rule (`../backoff.ts`).
 */
export const stripeDetachPaymentMethod = defineTask({
  name: 'stripe_detach_payment_method',
  payload: z.object({ providerId: z.uuid(), agreementId: z.uuid() }),
  maxAttempts: DELIVERY_ATTEMPTS,
  async run({ providerId, agreementId }, ctx) {
    const result = await detachAgreementCard({ ...ctx.deps, log: ctx.log }, providerId, agreementId, ctx);
    if (result.outcome === 'retry') throw result.error;
    ctx.log.info({ agreementId, result }, 'ended automatic-payment card detached at Stripe');
  },
});
