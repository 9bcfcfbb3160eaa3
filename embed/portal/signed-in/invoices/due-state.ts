/*
 * How an unpaid invoice stands against its due date, for the client (issue 28: the portal shows which
 * invoices are due and which overdue, since when and for how long). Calendar dates only (`YYYY-MM-DD`, the
 * browser's today): no time zone shifts a due date. Pure, unit-tested beside this file.
 */

export type DueState =
  | { kind: 'overdue'; days: number }
  | { kind: 'dueToday' }
  | { kind: 'due'; days: number }
  | { kind: 'none' };

const dayNumber = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / 86_400_000;
};

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round(dayNumber(to) - dayNumber(from));

/**
 * An invoice still to pay (sent or overdue) with a due date: overdue for how many days (from the day after
 * the due date), due today, or due in how many days. Anything else (paid, cancelled, no due date): none.
 */
export function dueState(invoice: { status: string; dueDate: string | null }, today: string): DueState {
  if ((invoice.status !== 'sent' && invoice.status !== 'overdue') || !invoice.dueDate)
    return { kind: 'none' };
  const days = daysBetween(today, invoice.dueDate);
  if (days < 0) return { kind: 'overdue', days: -days };
  if (days === 0) return invoice.status === 'overdue' ? { kind: 'overdue', days: 0 } : { kind: 'dueToday' };
  return invoice.status === 'overdue' ? { kind: 'overdue', days: 0 } : { kind: 'due', days };
}

/** How many of the invoices are overdue and how many are still to pay on time. */
export function dueCounts(
  invoices: readonly { status: string; dueDate: string | null }[],
  today: string,
): { overdue: number; due: number } {
  let overdue = 0;
  let due = 0;
  for (const invoice of invoices) {
    if (invoice.status !== 'sent' && invoice.status !== 'overdue') continue;
    if (dueState(invoice, today).kind === 'overdue') overdue += 1;
    else due += 1;
  }
  return { overdue, due };
}
