import type { InvoiceSent } from '../../../shared/contracts/invoices';
import type { AppDeps } from '../../http/context';
import type { Logger } from '../../http/logger';

/*
 * What happens to an invoice after its send committed (the number, status, activity and the client's
 * e-mail are already written): handing it to the provider's payment provider. Without a Stripe connection
 * (no `stripe_connections` row) there is nothing to do and the answer says so.
 *
 * WIRING (issue 21): the Stripe push lives in `api/payments/stripe-invoices.ts` (inv-stripe's module:
 * customer, invoice items, finalise, send, ids and URLs stored, retried in the background on failure). At
 * merge, the branch below for a connected provider calls it and returns its `{ provider: 'stripe', status:
 * 'sent' | 'failed', message }`. Keep this file a dispatcher only.
 */

export type DeliveryContext = Pick<AppDeps, 'sql' | 'jobs' | 'config' | 'now'> & { log: Logger };
export type Delivery = InvoiceSent['payment'];

/** Called by `POST /api/invoices/{id}/send` after the send's transaction committed. */
export async function deliverSentInvoice(
  ctx: DeliveryContext,
  providerId: string,
  _invoiceId: string,
): Promise<Delivery> {
  const [connection] = await ctx.sql<{ account_id: string }[]>`
    SELECT account_id FROM stripe_connections WHERE provider_id = ${providerId}`;
  if (!connection) return { provider: 'none', status: 'not_connected', message: null };
  // Connected, but this build has no Stripe push yet (see WIRING above): the invoice is sent all the same.
  return { provider: 'none', status: 'not_connected', message: null };
}
