import type { RecurringInvoice } from '../../../shared/contracts/recurring';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import { ApiError } from '../../http/errors';
import { RECURRING_LINES } from '../invoices/drafts';
import { linesOf } from '../invoices/get-invoice';
import { autopayOf } from './autopay';
import { type RecurringRow, type RunRow, recurringColumns, recurringJoins, toRecurringInvoice } from './view';

/** One of the provider's schedules, or 404. */
export async function recurringRow(sql: Sql | Tx, scope: ProviderScope, id: string): Promise<RecurringRow> {
  const [row] = await sql<RecurringRow[]>`
    SELECT ${recurringColumns(sql)} FROM recurring_invoices r ${recurringJoins(sql)}
    WHERE ${ownedBy(sql, scope, 'r.provider_id')} AND r.id = ${id}`;
  if (!row) throw new ApiError('not_found');
  return row;
}

/** The last 12 invoiced periods, newest first, with their invoice's number and status. */
function runsOf(sql: Sql | Tx, scope: ProviderScope, id: string) {
  return sql<RunRow[]>`
    SELECT to_char(x.period_start, 'YYYY-MM-DD') AS period_start, to_char(x.period_end, 'YYYY-MM-DD') AS period_end,
           x.invoice_id, i.number, i.status, x.created_at
    FROM recurring_invoice_runs x
    LEFT JOIN invoices i ON i.provider_id = x.provider_id AND i.id = x.invoice_id
    WHERE ${ownedBy(sql, scope, 'x.provider_id')} AND x.recurring_invoice_id = ${id}
    ORDER BY x.period_start DESC
    LIMIT 12`;
}

/** One of the provider's schedules with its lines, upcoming days and last periods (404 for another's). */
export async function getRecurringInvoice(
  sql: Sql | Tx,
  scope: ProviderScope,
  id: string,
): Promise<RecurringInvoice> {
  const [row, lines, runs] = await Promise.all([
    recurringRow(sql, scope, id),
    linesOf(sql, scope, id, RECURRING_LINES),
    runsOf(sql, scope, id),
  ]);
  return toRecurringInvoice(row, lines, runs, await autopayOf(sql, scope, id, row.autopay));
}

/** The provider's schedule locked for the transaction (404 otherwise). */
export async function lockRecurring(tx: Tx, scope: ProviderScope, id: string) {
  const [row] = await tx<
    Pick<
      RecurringRow,
      | 'id'
      | 'status'
      | 'client_id'
      | 'project_id'
      | 'frequency'
      | 'interval_days'
      | 'start_date'
      | 'end_date'
      | 'next_date'
      | 'next_period'
    >[]
  >`
    SELECT id, status, client_id, project_id, frequency, interval_days,
           to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date,
           to_char(next_date, 'YYYY-MM-DD') AS next_date, next_period
    FROM recurring_invoices WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${id} FOR UPDATE`;
  if (!row) throw new ApiError('not_found');
  return row;
}
