import type { Invoice } from '../../shared/contracts/invoices';

/*
 * What the invoice page says about the invoice in the provider's Stripe account (issue 26): the push after
 * sending and, once the invoice is cancelled or paid, closing it there. Both are background jobs; the page
 * reads the invoice again while one is under way (`stripeBusy`) and the live invoice events refetch it
 * when a job gives up. Keys of this section's `stripe.*` / `send.*` texts.
 */

export type StripeTone = 'busy' | 'ok' | 'warning' | 'danger';

export interface StripeLine {
  tone: StripeTone;
  key: string;
  /** Why the last attempt failed (`stripe.error.*`), shown under the line. */
  reason: string | null;
}

const reasonOf = (stripe: NonNullable<Invoice['stripe']>) =>
  stripe.error ? `stripe.error.${stripe.error}` : null;

/** The Stripe line of an invoice, or null when it never went to Stripe. */
export function stripeLine(invoice: Pick<Invoice, 'status' | 'stripe'>): StripeLine | null {
  const { stripe } = invoice;
  if (!stripe) return null;
  if (stripe.closing) {
    const how = invoice.status === 'cancelled' ? 'cancelled' : 'paid';
    if (stripe.closing === 'pending')
      return stripe.error
        ? { tone: 'warning', key: 'stripe.closing.retrying', reason: reasonOf(stripe) }
        : { tone: 'busy', key: `stripe.closing.pending.${how}`, reason: null };
    if (stripe.closing === 'failed')
      return { tone: 'danger', key: 'stripe.closing.failed', reason: reasonOf(stripe) };
    const done =
      stripe.status === 'void' || stripe.status === 'paid' || stripe.status === 'deleted'
        ? stripe.status
        : 'other';
    return { tone: 'ok', key: `stripe.closing.done.${done}`, reason: null };
  }
  switch (stripe.push) {
    case 'pending':
      return stripe.error
        ? { tone: 'warning', key: 'stripe.push.retrying', reason: reasonOf(stripe) }
        : { tone: 'busy', key: 'stripe.push.pending', reason: null };
    case 'failed':
      return { tone: 'danger', key: 'stripe.push.failed', reason: reasonOf(stripe) };
    case 'skipped':
      return { tone: 'warning', key: 'stripe.push.skipped', reason: null };
    default:
      // Sent (or pushed before pushes were recorded): spec §8's words.
      return { tone: 'ok', key: 'send.sentViaProvider', reason: null };
  }
}

/** Whether a Stripe job of the invoice is still to report (the page asks again until it has). */
export function stripeBusy(invoice: Pick<Invoice, 'stripe' | 'payments'>): boolean {
  return (
    invoice.stripe?.push === 'pending' ||
    invoice.stripe?.closing === 'pending' ||
    invoice.payments.some((p) => p.outcome === 'refund_pending')
  );
}

/** The history line of a payment that came after the invoice closed (null for the one that paid it). */
export function latePaymentKey(payment: Invoice['payments'][number]): string | null {
  if (payment.outcome === 'applied') return null;
  return `history.late.${payment.invoiceStatus === 'cancelled' ? 'cancelled' : 'paid'}.${payment.outcome}`;
}
