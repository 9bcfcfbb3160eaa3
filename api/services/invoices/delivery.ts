import type { InvoiceSent } from '../../../shared/contracts/invoices';
import type { Tx } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { queueStripePush } from '../../payments/stripe-jobs';

/*
 * What happens to an invoice beyond our books when it is sent: handing it to the provider's payment
 * provider. A dispatcher, called INSIDE the send's transaction: with a Stripe connection the
 * `stripe_push_invoice` job is queued with the number (it creates, finalises and sends the invoice in
 * Stripe: `api/payments/stripe-invoices.ts`, retried by the delivery rule) and the answer says `pending`;
 * without one there is nothing to do and the answer says so. Nothing here waits for Stripe.
 */

export type Delivery = InvoiceSent['payment'];

/** Queues the invoice's delivery to the payment provider in the send's transaction. */
export async function queueDelivery(
  tx: Tx,
  jobs: Pick<JobQueue, 'enqueue'>,
  providerId: string,
  invoiceId: string,
): Promise<Delivery> {
  return (await queueStripePush(tx, jobs, providerId, invoiceId))
    ? { provider: 'stripe', status: 'pending' }
    : { provider: 'none', status: 'not_connected' };
}
