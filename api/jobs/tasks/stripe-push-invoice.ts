import { z } from 'zod';
import { pushInvoiceToStripe } from '../../payments/stripe-invoices';
import { DELIVERY_ATTEMPTS } from '../backoff';
import { defineTask } from '../task';

/**
 * Creates, finalises and sends a just-sent invoice in the provider's Stripe account (enqueued in the
 * send's transaction: `payments/stripe-jobs.ts` `queueStripePush`). Each attempt continues where the last
 * stopped (every Stripe call is keyed by invoice and step) and records its outcome on the invoice; a Stripe
 * failure is retried under the delivery rule (`../backoff.ts`), the last one is shown to the provider. A
 * finished push, an invoice closed meanwhile or a removed connection ends the job.
 */
export const stripePushInvoice = defineTask({
  name: 'stripe_push_invoice',
  payload: z.object({ providerId: z.uuid(), invoiceId: z.uuid() }),
  maxAttempts: DELIVERY_ATTEMPTS,
  async run({ providerId, invoiceId }, ctx) {
    const result = await pushInvoiceToStripe({ ...ctx.deps, log: ctx.log }, providerId, invoiceId, ctx);
    if (result.outcome === 'retry') throw result.error;
    if (result.outcome !== 'sent') ctx.log.info({ invoiceId, result }, 'Stripe push ended without sending');
  },
});
