import { actingFor } from '../../auth/scope';
import type { AppDeps } from '../../http/context';
import type { Logger } from '../../http/logger';
import { publishInvoiceActivity, todayOf } from './deps';
import { markInvoiceOverdue } from './transitions';

/** Invoices marked per transaction: a large backlog goes in several short transactions. */
const BATCH = 200;

/**
 * The overdue job's work (`mark_overdue_invoices`, every 15 minutes and at start): every `sent` invoice of
 * every provider whose due date is before today (UTC) becomes `overdue` through `markInvoiceOverdue`, with
 * its activity row, in batches. Safe on any number of instances at once: a batch claims its rows with
 * `FOR UPDATE SKIP LOCKED` (concurrent sweeps take different rows), and each change is the guarded
 * `UPDATE … WHERE status = 'sent'`, so an invoice paid or cancelled meanwhile, or already marked by another
 * sweep, is left alone and gets no second activity row. Activity is published after each commit.
 * @returns how many invoices this call marked
 */
export async function markOverdueInvoices(
  deps: Pick<AppDeps, 'sql' | 'jobs' | 'pubsub' | 'now'> & { log: Logger },
): Promise<number> {
  const today = todayOf(deps.now());
  let total = 0;
  for (;;) {
    const marked = await deps.sql.begin(async (tx) => {
      const due = await tx<{ id: string; provider_id: string }[]>`
        SELECT id, provider_id FROM invoices
        WHERE status = 'sent' AND due_date < ${today}::date
        ORDER BY due_date, id
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED`;
      const seqs = new Map<string, number[]>();
      for (const row of due) {
        const list = seqs.get(row.provider_id) ?? [];
        await markInvoiceOverdue(tx, actingFor(row.provider_id), row.id, {
          jobs: deps.jobs,
          actor: 'system',
          activitySeqs: list,
        });
        seqs.set(row.provider_id, list);
      }
      return { count: due.length, seqs };
    });
    for (const [providerId, list] of marked.seqs) await publishInvoiceActivity(deps, providerId, list);
    total += marked.count;
    if (marked.count < BATCH) return total;
  }
}
