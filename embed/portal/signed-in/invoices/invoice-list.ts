import type { PortalInvoice } from '../../../../shared/contracts/portal-client';

/*
 * The client's invoices as the Invoices page shows them (issue 21): what is still to pay first, with its
 * balance due per currency (never added across currencies; integer cents summed, the only arithmetic here), then
 * what is settled (paid or cancelled). Pure functions, unit-tested beside this file.
 */

export type PortalInvoiceStatus = PortalInvoice['status'];

/** Still to pay: sent or overdue. */
export const isUnpaid = (status: string): boolean => status === 'sent' || status === 'overdue';

/** Today as a calendar date `YYYY-MM-DD` in the browser's time zone (due dates are calendar dates). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The status to show: a sent invoice whose due date has passed reads as overdue at once (the overdue job
 * marks it so the day after its due date, as here; until it has run, the badge already says it).
 */
export function shownStatus(
  invoice: { status: PortalInvoiceStatus; dueDate: string | null },
  today: string,
): PortalInvoiceStatus {
  return invoice.status === 'sent' && invoice.dueDate !== null && invoice.dueDate < today
    ? 'overdue'
    : invoice.status;
}

export interface CurrencyTotal {
  currency: string;
  amountCents: number;
  count: number;
}

/** Sums per currency (in the order of the codes, so the line never jumps), each with its invoice count. */
export function totalsByCurrency(
  items: readonly { currency: string; amountCents: number }[],
): CurrencyTotal[] {
  const sums = new Map<string, CurrencyTotal>();
  for (const { currency, amountCents } of items) {
    const total = sums.get(currency) ?? { currency, amountCents: 0, count: 0 };
    total.amountCents += amountCents;
    total.count += 1;
    sums.set(currency, total);
  }
  return [...sums.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

export interface InvoiceGroups<T> {
  /** Sent and overdue: overdue first, then the earliest due (no due date last). */
  unpaid: T[];
  /** Paid and cancelled: the most recent first (paid date, else the date it was sent). */
  settled: T[];
  /** What is open, per currency. */
  openTotals: CurrencyTotal[];
}

type Groupable = Pick<
  PortalInvoice,
  'status' | 'dueDate' | 'paidAt' | 'createdAt' | 'number' | 'currency' | 'amountCents' | 'balanceCents'
>;

/** The Invoices page's two groups and the open totals. */
export function groupInvoices<T extends Groupable>(items: readonly T[], today: string): InvoiceGroups<T> {
  const unpaid = items.filter((invoice) => isUnpaid(invoice.status));
  const settled = items.filter((invoice) => !isUnpaid(invoice.status));
  const overdueRank = (invoice: T) => (shownStatus(invoice, today) === 'overdue' ? 0 : 1);
  unpaid.sort(
    (a, b) =>
      overdueRank(a) - overdueRank(b) ||
      (a.dueDate ?? '9999-12-31').localeCompare(b.dueDate ?? '9999-12-31') ||
      a.number.localeCompare(b.number),
  );
  const settledAt = (invoice: T) => invoice.paidAt ?? invoice.createdAt;
  settled.sort((a, b) => settledAt(b).localeCompare(settledAt(a)) || b.number.localeCompare(a.number));
  // What is still to pay: the balance due, partial payments deducted (issue 28).
  const open = unpaid.map((invoice) => ({ currency: invoice.currency, amountCents: invoice.balanceCents }));
  return { unpaid, settled, openTotals: totalsByCurrency(open) };
}
