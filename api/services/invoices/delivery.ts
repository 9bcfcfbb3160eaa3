import type { InvoiceSent } from '../../../shared/contracts/invoices';
import type { AppDeps } from '../../http/context';
import type { Lang } from '../../http/i18n';
import type { Logger } from '../../http/logger';
import { pushInvoiceToStripe } from '../../payments/stripe-invoices';

/*
 * What happens to an invoice after its send committed (the number, status, activity and the client's
 * e-mail are already written): handing it to the provider's payment provider. With a Stripe connection the
 * invoice is created, finalised and sent in the provider's Stripe account (`api/payments/stripe-invoices.ts`:
 * customer, items, finalise, send, ids and URLs stored; retried in the background by `stripe_push_invoice`
 * on failure); without one there is nothing to do and the answer says so. A dispatcher only.
 */

export type DeliveryContext = Pick<AppDeps, 'sql' | 'jobs' | 'config' | 'now'> & { log: Logger; lang?: Lang };
export type Delivery = InvoiceSent['payment'];

/** Called by `POST /api/invoices/{id}/send` after the send's transaction committed; never undoes the send. */
export function deliverSentInvoice(
  ctx: DeliveryContext,
  providerId: string,
  invoiceId: string,
): Promise<Delivery> {
  return pushInvoiceToStripe(ctx, providerId, invoiceId);
}
