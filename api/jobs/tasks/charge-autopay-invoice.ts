import { z } from 'zod';
import { chargeAutopayInvoice } from '../../payments/autopay';
import { DELIVERY_ATTEMPTS } from '../backoff';
import { defineTask } from '../task';

/**
 * Charges a recurring invoice automatically to the card its client saved (issue 28; enqueued in the
 * transaction that sent the invoice: `payments/autopay.ts` `holdForAutopay`). One PaymentIntent per invoice
 * (idempotency key), applied once; a decline or a needed authentication sends the invoice to pay instead.
 * Stripe outages are retried under the delivery rule, the last attempt sends it to pay too.
 */
export const chargeAutopayInvoiceTask = defineTask({
  name: 'charge_autopay_invoice',
  payload: z.object({ providerId: z.uuid(), invoiceId: z.uuid() }),
  maxAttempts: DELIVERY_ATTEMPTS,
  async run({ providerId, invoiceId }, ctx) {
    const result = await chargeAutopayInvoice({ ...ctx.deps, log: ctx.log }, providerId, invoiceId, ctx);
    if (result.outcome === 'retry') throw result.error;
    ctx.log.info({ invoiceId, result }, 'automatic payment of a recurring invoice');
  },
});
