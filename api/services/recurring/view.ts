import type { Language } from '../../../shared/contracts/common';
import type { Currency, InvoiceStatus } from '../../../shared/contracts/invoices';
import type { InvoiceTaxMode } from '../../../shared/contracts/legal';
import { computeTotals } from '../../../shared/contracts/money';
import {
  type RecurringFrequency,
  type RecurringInvoice,
  type RecurringInvoiceSummary,
  type RecurringStatus,
  type ScheduleTiming,
  upcomingDates,
} from '../../../shared/contracts/recurring';
import type { Sql, Tx } from '../../db/client';
import { type LineRow, toInvoiceLine } from '../invoices/view';

/** A schedule's row as {@link recurringColumns} reads it (`FROM recurring_invoices r` + {@link recurringJoins}). */
export interface RecurringRow {
  id: string;
  client_id: string;
  client_name: string;
  project_id: string | null;
  project_name: string | null;
  status: 'active' | 'paused';
  frequency: RecurringFrequency;
  interval_days: number | null;
  start_date: string;
  end_date: string | null;
  next_date: string | null;
  next_period: number;
  currency: string;
  language: Language;
  description: string | null;
  due_days: number | null;
  tax_mode: InvoiceTaxMode | null;
  autopay: boolean;
  autopay_state: 'off' | 'offered' | 'agreed' | 'failed';
  subtotal_cents: string;
  tax_cents: string;
  amount_cents: string;
  last_error: { code: string; fields: { path: string; key: string }[]; invoiceId: string | null } | null;
  invoice_count: number;
  created_at: Date;
  updated_at: Date;
  cursor_ts: string;
}

export const recurringColumns = (sql: Sql | Tx) => sql`
  r.id, r.client_id, c.name AS client_name, r.project_id, p.name AS project_name, r.status, r.frequency,
  r.interval_days, to_char(r.start_date, 'YYYY-MM-DD') AS start_date, to_char(r.end_date, 'YYYY-MM-DD') AS end_date,
  to_char(r.next_date, 'YYYY-MM-DD') AS next_date, r.next_period, r.currency, r.language, r.description,
  r.due_days, r.tax_mode, r.autopay, r.subtotal_cents::text AS subtotal_cents, r.tax_cents::text AS tax_cents,
  r.amount_cents::text AS amount_cents, r.last_error, r.created_at, r.updated_at,
  (SELECT count(*)::int FROM recurring_invoice_runs x
   WHERE x.provider_id = r.provider_id AND x.recurring_invoice_id = r.id) AS invoice_count,
  CASE
    WHEN (SELECT ch.status FROM autopay_charges ch
          WHERE ch.provider_id = r.provider_id AND ch.recurring_invoice_id = r.id
          ORDER BY ch.created_at DESC LIMIT 1) = 'failed' THEN 'failed'
    WHEN EXISTS (SELECT 1 FROM autopay_agreements a
                 WHERE a.provider_id = r.provider_id AND a.recurring_invoice_id = r.id AND a.withdrawn_at IS NULL)
      THEN 'agreed'
    WHEN r.autopay THEN 'offered'
    ELSE 'off'
  END AS autopay_state,
  to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_ts`;

export const recurringJoins = (sql: Sql | Tx) => sql`
  JOIN clients c ON c.provider_id = r.provider_id AND c.id = r.client_id
  LEFT JOIN projects p ON p.provider_id = r.provider_id AND p.id = r.project_id`;

/** The schedule's timing, for the calendar arithmetic of `shared/contracts/recurring.ts`. */
export const timingOf = (
  row: Pick<RecurringRow, 'frequency' | 'interval_days' | 'start_date' | 'end_date'>,
): ScheduleTiming => ({
  frequency: row.frequency,
  intervalDays: row.interval_days,
  startDate: row.start_date,
  endDate: row.end_date,
});

/** `ended` once no period is left; otherwise as stored. */
export const shownStatus = (row: Pick<RecurringRow, 'status' | 'next_date'>): RecurringStatus =>
  row.next_date === null ? 'ended' : row.status;

export function toRecurringSummary(row: RecurringRow): RecurringInvoiceSummary {
  return {
    id: row.id,
    client: { id: row.client_id, name: row.client_name },
    project: row.project_id && row.project_name ? { id: row.project_id, name: row.project_name } : null,
    status: shownStatus(row),
    frequency: row.frequency,
    intervalDays: row.interval_days,
    startDate: row.start_date,
    endDate: row.end_date,
    nextDate: row.next_date,
    currency: row.currency as Currency,
    amountCents: Number(row.amount_cents),
    description: row.description,
    invoiceCount: row.invoice_count,
    autopayState: row.autopay_state,
    lastError: row.last_error,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export interface RunRow {
  period_start: string;
  period_end: string;
  invoice_id: string | null;
  number: string | null;
  status: InvoiceStatus;
  created_at: Date;
}

export function toRecurringInvoice(
  row: RecurringRow,
  lineRows: LineRow[],
  runs: RunRow[],
  autopay: RecurringInvoice['autopay'],
): RecurringInvoice {
  const lines = lineRows.map((line) => toInvoiceLine(line, null));
  return {
    ...toRecurringSummary(row),
    autopay,
    language: row.language,
    dueDays: row.due_days,
    taxMode: row.tax_mode,
    lines,
    subtotalCents: Number(row.subtotal_cents),
    taxes: computeTotals(lines).taxes,
    taxCents: Number(row.tax_cents),
    upcoming: row.next_date === null ? [] : upcomingDates(timingOf(row), row.next_period, 3),
    runs: runs.map((run) => ({
      periodStart: run.period_start,
      periodEnd: run.period_end,
      invoice: run.invoice_id ? { id: run.invoice_id, number: run.number, status: run.status } : null,
      createdAt: new Date(run.created_at).toISOString(),
    })),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
