import type { ProviderScope } from '../../auth/scope';
import type { Tx } from '../../db/client';
import type { InvoiceDeps } from '../invoices/deps';

/**
 * Queues the schedule's job for its next date (at once when that day has come; else at 00:00 UTC of it),
 * one waiting job per schedule (`jobKey`: a change moves it). The job itself decides under the schedule's
 * lock whether a period is due, so a job that finds it paused, changed or deleted does nothing.
 */
export async function queueRecurringJob(
  tx: Tx,
  deps: Pick<InvoiceDeps, 'jobs' | 'now'>,
  scope: ProviderScope,
  row: { id: string; status: string; next_date: string | null },
): Promise<void> {
  if (row.status !== 'active' || row.next_date === null) return;
  const due = new Date(`${row.next_date}T00:00:00Z`);
  const now = deps.now();
  await deps.jobs.enqueue(
    tx,
    'create_recurring_invoice',
    { providerId: scope.providerId, recurringInvoiceId: row.id },
    { jobKey: `recurring-invoice:${row.id}`, ...(due > now ? { runAt: due } : {}) },
  );
}
