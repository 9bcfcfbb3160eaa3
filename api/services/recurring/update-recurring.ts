import {
  addCalendarDays,
  firstPeriodFrom,
  periodExists,
  periodStart,
  type RecurringInvoice,
  type RecurringInvoiceUpdate,
  type ScheduleTiming,
} from '../../../shared/contracts/recurring';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Tx } from '../../db/client';
import { ApiError } from '../../http/errors';
import { type InvoiceDeps, todayOf } from '../invoices/deps';
import { RECURRING_LINES, recheckClientAndProject, totalsOf, writeLines } from '../invoices/drafts';
import { startInPast } from './create-recurring';
import { getRecurringInvoice, lockRecurring } from './get-recurring';
import { queueRecurringJob } from './queue';

const invalid = (path: string, key: string) => new ApiError('validation_failed', { fields: [{ path, key }] });

/** The last day of the invoiced periods, or null. */
async function lastRunEnd(tx: Tx, scope: ProviderScope, id: string): Promise<string | null> {
  const [row] = await tx<{ last: string | null }[]>`
    SELECT to_char(max(period_end), 'YYYY-MM-DD') AS last FROM recurring_invoice_runs
    WHERE ${ownedBy(tx, scope, 'provider_id')} AND recurring_invoice_id = ${id}`;
  return row?.last ?? null;
}

/**
 * Changes a recurring invoice: the fields given; `lines` replaces every line and the totals; `status`
 * pauses or resumes it. A change of its rhythm (frequency, interval, start, end) or a resumption sets the
 * next period anew: the first one that starts today or later and after the invoiced periods end (no
 * service billed twice; the periods it was paused for are skipped, never invoiced late). A new start day
 * lies today or later (422 `startDate`); the end not before the start (422 `endDate`).
 */
export async function updateRecurringInvoice(
  deps: InvoiceDeps,
  scope: ProviderScope,
  id: string,
  input: RecurringInvoiceUpdate,
): Promise<RecurringInvoice> {
  const totals = input.lines ? totalsOf(input.lines) : null;
  const today = todayOf(deps.now());
  await deps.sql.begin(async (tx) => {
    const current = await lockRecurring(tx, scope, id);
    await recheckClientAndProject(tx, scope, 'recurring_invoices', id, current, input);
    const changes: Record<string, unknown> = { updated_at: deps.now() };
    const columns: Record<string, string> = {
      clientId: 'client_id',
      projectId: 'project_id',
      currency: 'currency',
      language: 'language',
      dueDays: 'due_days',
      taxMode: 'tax_mode',
      status: 'status',
      autopay: 'autopay',
    };
    for (const [field, column] of Object.entries(columns)) {
      const value = (input as Record<string, unknown>)[field];
      if (value !== undefined) changes[column] = value;
    }
    if (input.description !== undefined) changes.description = input.description || null;
    if (totals) {
      changes.subtotal_cents = totals.subtotalCents;
      changes.tax_cents = totals.taxCents;
      changes.amount_cents = totals.totalCents;
    }

    const rhythmChanged =
      input.frequency !== undefined ||
      input.intervalDays !== undefined ||
      input.startDate !== undefined ||
      input.endDate !== undefined;
    const status = input.status ?? current.status;
    const resumed = current.status === 'paused' && status === 'active';
    if (rhythmChanged || resumed) {
      const frequency = input.frequency ?? current.frequency;
      const timing: ScheduleTiming = {
        frequency,
        intervalDays:
          frequency === 'days'
            ? input.intervalDays !== undefined
              ? input.intervalDays
              : current.interval_days
            : null,
        startDate: input.startDate ?? current.start_date,
        endDate: input.endDate !== undefined ? input.endDate : current.end_date,
      };
      if (frequency === 'days' && timing.intervalDays === null)
        throw invalid('intervalDays', 'validation.recurringInterval');
      if (input.startDate !== undefined && input.startDate !== current.start_date && input.startDate < today)
        throw startInPast();
      if (timing.endDate !== null && timing.endDate < timing.startDate)
        throw invalid('endDate', 'validation.endBeforeStart');
      const last = await lastRunEnd(tx, scope, id);
      let from = last ? addCalendarDays(last, 1) : timing.startDate;
      if (from < today) from = today;
      const k = firstPeriodFrom(timing, from);
      Object.assign(changes, {
        frequency,
        interval_days: timing.intervalDays,
        start_date: timing.startDate,
        end_date: timing.endDate,
        next_period: k,
        next_date: periodExists(timing, k) ? periodStart(timing, k) : null,
      });
    }
    const [row] = await tx<{ id: string; status: string; next_date: string | null }[]>`
      UPDATE recurring_invoices SET ${tx(changes as never, ...(Object.keys(changes) as never[]))}
      WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${id}
      RETURNING id, status, to_char(next_date, 'YYYY-MM-DD') AS next_date`;
    if (input.lines && totals) await writeLines(tx, scope, id, input.lines, totals.lines, RECURRING_LINES);
    if (row && (rhythmChanged || resumed)) await queueRecurringJob(tx, deps, scope, row);
  });
  return getRecurringInvoice(deps.sql, scope, id);
}
