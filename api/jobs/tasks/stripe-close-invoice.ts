import { z } from 'zod';
import { closeInvoiceInStripe } from '../../payments/close-invoice';
import { DELIVERY_ATTEMPTS } from '../backoff';
import { defineTask } from '../task';

/**
 * Closes an invoice in the provider's Stripe account after it left sent/overdue (enqueued in that change's
 * transaction: `payments/stripe-jobs.ts` `queueStripeClose`): its open Checkout sessions expire, its Stripe
 * invoice is voided or settled out of band (`payments/close-invoice.ts`). Retried under the delivery rule
 * (`../backoff.ts`) until done; the last failure is shown to the provider.
 */
export const stripeCloseInvoice = defineTask({
  name: 'stripe_close_invoice',
  payload: z.object({ providerId: z.uuid(), invoiceId: z.uuid() }),
  maxAttempts: DELIVERY_ATTEMPTS,
  async run({ providerId, invoiceId }, ctx) {
    const result = await closeInvoiceInStripe({ ...ctx.deps, log: ctx.log }, providerId, invoiceId, ctx);
    if (result.outcome === 'retry') throw result.error;
  },
});
