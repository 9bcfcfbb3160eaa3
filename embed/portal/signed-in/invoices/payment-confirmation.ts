import { isUnpaid } from './invoice-list';

/*
 * The payment-success page's states (issue 21). Stripe sends the client back before or after its webhook
 * reaches us, so the page waits for the invoice to read `paid`: live (the `invoice_status` activity reloads
 * it) and by asking again every few seconds, for at most two minutes.
 */

export type ConfirmationState =
  /** Not paid yet (or not read yet): "Confirming your payment…". */
  | 'waiting'
  /** The invoice reads paid. */
  | 'confirmed'
  /** Two minutes and still not paid: "still processing, we will update your invoices". */
  | 'slow'
  /** Cancelled meanwhile: nothing to pay. */
  | 'cancelled'
  /**
   * A card payment arrived after the invoice was cancelled or paid another way (the client paid on a page
   * left open): it is refunded automatically, and the page says so.
   */
  | 'refund'
  /** No such invoice of this client (or no invoice named): the not-found state. */
  | 'notFound'
  /** The first read failed (not a 404): the page's retry. */
  | 'failed';

export function confirmationState({
  status,
  refunds = 0,
  notFound,
  failed,
  waitedLong,
}: {
  /** The invoice's status, once read. */
  status: string | undefined;
  /** How many late payments of the invoice are refunded (or being refunded). */
  refunds?: number;
  notFound: boolean;
  /** The read failed and there is no data. */
  failed: boolean;
  /** The wait is over (PAYMENT_WAIT_MS). */
  waitedLong: boolean;
}): ConfirmationState {
  if ((status === 'paid' || status === 'cancelled') && refunds > 0) return 'refund';
  if (status === 'paid') return 'confirmed';
  if (status === 'cancelled') return 'cancelled';
  if (status === undefined) return notFound ? 'notFound' : failed ? 'failed' : 'waiting';
  return isUnpaid(status) && waitedLong ? 'slow' : 'waiting';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The invoice named in the page's address (`?invoice=<id>`), or null. */
export function invoiceFromSearch(location: string): string | null {
  const query = location.includes('?') ? location.slice(location.indexOf('?')) : '';
  const id = new URLSearchParams(query).get('invoice') ?? '';
  return UUID.test(id) ? id.toLowerCase() : null;
}
