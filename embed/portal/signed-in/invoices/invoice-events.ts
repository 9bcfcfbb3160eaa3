import { frameHooks } from '../../embedded/embed-state';
import { isUnpaid } from './invoice-list';

/*
 * An invoice paid while the client is here (issue 21): inside the widget, the embedding page hears
 * `invoice.paid` once per invoice (`frame-reports.ts`). Two ways tell it, whichever comes first: the
 * `invoice_status` activity item of the payment (the realtime socket, or the notification list's refresh),
 * and a read of the invoice (its page, the payment-success page's polling, the list) that finds paid an
 * invoice this visit saw unpaid. An invoice that was already paid when first read is no news.
 */

/** Invoices whose `invoice.paid` was told in this visit. */
const told = new Set<string>();
/** The status each invoice had when last read in this visit. */
const lastRead = new Map<string, string>();

/** Tells the embedding page that an invoice is paid, once per invoice. */
export function announceInvoicePaid(invoiceId: string): void {
  if (told.has(invoiceId)) return;
  told.add(invoiceId);
  frameHooks.invoicePaid?.(invoiceId);
}

/** An invoice as just read: paid now after being read unpaid before is a payment that just happened. */
export function invoiceRead(invoiceId: string, status: string): void {
  const before = lastRead.get(invoiceId);
  lastRead.set(invoiceId, status);
  if (status === 'paid' && before !== undefined && isUnpaid(before)) announceInvoicePaid(invoiceId);
}

/** The part of an activity item that names an invoice (`ActivityItem.invoice`, issue 21). */
export interface InvoiceActivity {
  type: string;
  invoice?: { id: string; status: string } | undefined;
}

/** New activity items of this visit: a status change to paid tells the page. */
export function invoiceActivityArrived(items: readonly InvoiceActivity[]): void {
  for (const item of items) {
    if (item.type !== 'invoice_status' || !item.invoice) continue;
    lastRead.set(item.invoice.id, item.invoice.status);
    if (item.invoice.status === 'paid') announceInvoicePaid(item.invoice.id);
  }
}
