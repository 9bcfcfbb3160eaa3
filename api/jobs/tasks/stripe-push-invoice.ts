import { z } from 'zod';
import { pushInvoiceToStripe } from '../../payments/stripe-invoices';
import { defineTask } from '../task';

/**
 * Retries sending an invoice through the provider's Stripe account after the attempt at send time failed
 * (Stripe down, a timeout). Each attempt continues where the last stopped (every Stripe call is keyed by
 * invoice and step); a finished push, a cancelled invoice or a removed connection ends the job. About a
 * day of retries with the default backoff.
 */
export const stripePushInvoice = defineTask({
  name: 'stripe_push_invoice',
  payload: z.object({ providerId: z.uuid(), invoiceId: z.uuid() }),
  maxAttempts: 15,
  async run({ providerId, invoiceId }, ctx) {
    const result = await pushInvoiceToStripe({ ...ctx.deps, log: ctx.log }, providerId, invoiceId, {
      retryOnFailure: false,
    });
    if (result.status === 'failed') throw new Error(`Stripe push failed: ${result.message ?? ''}`);
    if (result.status === 'not_connected') ctx.log.info({ invoiceId }, 'Stripe disconnected; push dropped');
  },
});
