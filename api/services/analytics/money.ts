import {
  AGEING_BUCKETS,
  type AgeingBucket,
  type MoneyAnalytics,
  UPCOMING_WINDOWS,
} from '../../../shared/contracts/analytics';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql } from '../../db/client';
import type { ResolvedPeriod } from './period';

/**
 * The money view (issue 29), in SQL over the caller's invoices of one currency:
 *   - what came in ("receipts"): every applied payment (`invoice_payments`, by its calendar day `paid_on`) of
 *     an invoice that is not cancelled, plus for a paid invoice what its payments do not cover (marked paid
 *     by hand, or paid out of band) on the invoice's own `paid_on`; so a paid invoice counts exactly its total;
 *   - what was invoiced: sent invoices (not drafts, not cancelled) by their issue day in the period's zone;
 *   - what is owed: the balances (`amount_cents - paid_cents`) of sent and overdue invoices, aged by
 *     days past their due date as of today in the zone (no due date: current).
 */
export async function moneyAnalytics(
  sql: Sql,
  scope: ProviderScope,
  p: ResolvedPeriod,
): Promise<MoneyAnalytics> {
  const from = p.from;
  const to = p.to;
  // One statement: the caller's invoices of the currency (`inv`) and the receipts are read once and every
  // figure is an aggregate over them (FILTER per range), answered as one row of JSON arrays.
  const inPeriod = (col: string) => sql`${sql(col)} BETWEEN ${from}::date AND ${to}::date`;
  const inPrevious = (col: string) =>
    sql`${sql(col)} BETWEEN ${p.previousFrom}::date AND ${p.previousTo}::date`;
  const [[row], scheduled] = await Promise.all([
    sql<
      {
        paid: number;
        invoiced: number;
        outstanding: number;
        overdue: number;
        prev_paid: number;
        prev_invoiced: number;
        avg_days: number | null;
        paid_count: number;
        months: { month: string; invoiced: number; paid: number }[];
        ageing: { bucket: AgeingBucket; count: number; cents: number }[] | null;
        upcoming: { window: string; count: number; cents: number }[] | null;
        top: { client_id: string; name: string; paid: number; invoiced: number }[] | null;
      }[]
    >`
      WITH inv AS MATERIALIZED (
        SELECT i.id, i.client_id, i.status, i.amount_cents, i.paid_cents, i.due_date, i.paid_on,
               (i.issued_at AT TIME ZONE ${p.timeZone})::date AS issued_on
        FROM invoices i
        WHERE ${ownedBy(sql, scope, 'i.provider_id')} AND i.currency = ${p.currency} AND i.status <> 'draft'
      ),
      -- The payments are joined from their table, not a CTE: its statistics keep the estimates near the
      -- truth (a CTE's unknown distinct values made them ~100× too high, which switched on JIT compilation:
      -- ~200 ms per request of compiling a plan that runs in less).
      receipts AS MATERIALIZED (
        SELECT inv.client_id, ip.paid_on AS day, ip.amount_cents AS cents
        FROM inv JOIN invoice_payments ip
          ON ${ownedBy(sql, scope, 'ip.provider_id')} AND ip.outcome = 'applied' AND ip.invoice_id = inv.id
        WHERE inv.status <> 'cancelled'
        UNION ALL
        SELECT inv.client_id, inv.paid_on, inv.amount_cents - coalesce(s.cents, 0)
        FROM inv LEFT JOIN (
          SELECT ip.invoice_id, sum(ip.amount_cents) AS cents FROM invoice_payments ip
          WHERE ${ownedBy(sql, scope, 'ip.provider_id')} AND ip.outcome = 'applied' GROUP BY 1
        ) s ON s.invoice_id = inv.id
        WHERE inv.status = 'paid'
      ),
      open AS MATERIALIZED (
        SELECT amount_cents - paid_cents AS balance, due_date,
               CASE WHEN due_date IS NULL THEN 0 ELSE ${p.today}::date - due_date END AS late
        FROM inv WHERE status IN ('sent', 'overdue')
      ),
      inv_totals AS (
        SELECT
          coalesce(sum(amount_cents) FILTER (WHERE status <> 'cancelled' AND ${inPeriod('issued_on')}), 0)::float8 AS invoiced,
          coalesce(sum(amount_cents) FILTER (WHERE status <> 'cancelled' AND ${inPrevious('issued_on')}), 0)::float8 AS prev_invoiced,
          round(avg(paid_on - issued_on) FILTER (WHERE status = 'paid' AND ${inPeriod('paid_on')}), 1)::float8 AS avg_days,
          (count(*) FILTER (WHERE status = 'paid' AND ${inPeriod('paid_on')}))::int AS paid_count
        FROM inv
      ),
      open_totals AS (
        SELECT coalesce(sum(balance), 0)::float8 AS outstanding,
               coalesce(sum(balance) FILTER (WHERE due_date < ${p.today}::date), 0)::float8 AS overdue
        FROM open
      ),
      receipt_totals AS (
        SELECT coalesce(sum(cents) FILTER (WHERE ${inPeriod('day')}), 0)::float8 AS paid,
               coalesce(sum(cents) FILTER (WHERE ${inPrevious('day')}), 0)::float8 AS prev_paid
        FROM receipts
      ),
      months AS (
        SELECT to_char(d, 'YYYY-MM') AS month
        FROM generate_series(date_trunc('month', ${from}::date), ${to}::date, interval '1 month') d
      ),
      invoiced AS (
        SELECT to_char(issued_on, 'YYYY-MM') AS month, sum(amount_cents) AS cents FROM inv
        WHERE status <> 'cancelled' AND ${inPeriod('issued_on')} GROUP BY 1
      ),
      paid AS (
        SELECT to_char(day, 'YYYY-MM') AS month, sum(cents) AS cents FROM receipts
        WHERE ${inPeriod('day')} GROUP BY 1
      ),
      month_rows AS (
        SELECT months.month, coalesce(invoiced.cents, 0)::float8 AS invoiced, coalesce(paid.cents, 0)::float8 AS paid
        FROM months LEFT JOIN invoiced USING (month) LEFT JOIN paid USING (month)
      ),
      ageing AS (
        SELECT CASE WHEN late <= 0 THEN 'current' WHEN late <= 30 THEN 'days1to30' WHEN late <= 60 THEN 'days31to60'
                    WHEN late <= 90 THEN 'days61to90' ELSE 'over90' END AS bucket,
               count(*)::int AS count, sum(balance)::float8 AS cents
        FROM open GROUP BY 1
      ),
      upcoming AS (
        SELECT CASE WHEN ahead <= 30 THEN 'days0to30' WHEN ahead <= 60 THEN 'days31to60' ELSE 'days61to90' END AS win,
               count(*)::int AS count, sum(balance)::float8 AS cents
        FROM (SELECT balance, due_date - ${p.today}::date AS ahead FROM open WHERE due_date >= ${p.today}::date) o
        WHERE ahead <= 90 GROUP BY 1
      ),
      client_paid AS (
        SELECT client_id, sum(cents) AS cents FROM receipts
        WHERE ${inPeriod('day')} GROUP BY 1 HAVING sum(cents) > 0
      ),
      client_invoiced AS (
        SELECT client_id, sum(amount_cents) AS cents FROM inv
        WHERE status <> 'cancelled' AND ${inPeriod('issued_on')} GROUP BY 1
      ),
      top AS (
        SELECT c.id AS client_id, c.name, cp.cents::float8 AS paid, coalesce(ci.cents, 0)::float8 AS invoiced,
               cp.cents AS sort_paid, lower(c.name) AS sort_name
        FROM client_paid cp JOIN clients c ON ${ownedBy(sql, scope, 'c.provider_id')} AND c.id = cp.client_id
        LEFT JOIN client_invoiced ci ON ci.client_id = cp.client_id
        ORDER BY cp.cents DESC, lower(c.name), c.id
        LIMIT 10
      )
      SELECT r.paid, i.invoiced, o.outstanding, o.overdue, r.prev_paid, i.prev_invoiced, i.avg_days, i.paid_count,
        (SELECT json_agg(json_build_object('month', month, 'invoiced', invoiced, 'paid', paid) ORDER BY month)
         FROM month_rows) AS months,
        (SELECT json_agg(json_build_object('bucket', bucket, 'count', count, 'cents', cents)) FROM ageing) AS ageing,
        (SELECT json_agg(json_build_object('window', win, 'count', count, 'cents', cents)) FROM upcoming) AS upcoming,
        (SELECT json_agg(json_build_object('client_id', client_id, 'name', name, 'paid', paid, 'invoiced', invoiced)
                         ORDER BY sort_paid DESC, sort_name, client_id) FROM top) AS top
      FROM inv_totals i, open_totals o, receipt_totals r`,
    sql<{ window: string; count: number; cents: number }[]>`
      WITH next AS (
        -- Every invoice an active schedule will make in the next 90 days: period k starts k months (3, 12)
        -- or k × interval days after the start day, clamped to a shorter month's end like the job's
        -- (shared/contracts/recurring.ts periodStart); a period already due (the job not run yet) counts as now.
        SELECT r.amount_cents, greatest(d.day - ${p.today}::date, 0) AS ahead
        FROM recurring_invoices r
        CROSS JOIN LATERAL generate_series(r.next_period, r.next_period + 91) AS k(n)
        CROSS JOIN LATERAL (
          SELECT (CASE r.frequency
                    WHEN 'monthly' THEN r.start_date + make_interval(months => k.n)
                    WHEN 'quarterly' THEN r.start_date + make_interval(months => 3 * k.n)
                    WHEN 'yearly' THEN r.start_date + make_interval(years => k.n)
                    ELSE r.start_date + make_interval(days => r.interval_days * k.n)
                  END)::date AS day
        ) d
        WHERE ${ownedBy(sql, scope, 'r.provider_id')} AND r.status = 'active' AND r.currency = ${p.currency}
          AND r.next_date IS NOT NULL AND d.day <= ${p.today}::date + 90
          AND (r.end_date IS NULL OR d.day <= r.end_date)
      )
      SELECT CASE WHEN ahead <= 30 THEN 'days0to30' WHEN ahead <= 60 THEN 'days31to60' ELSE 'days61to90' END AS window,
             count(*)::int AS count, sum(amount_cents)::float8 AS cents
      FROM next GROUP BY 1`,
  ]);
  const totals = row;
  const months = row?.months ?? [];
  const ageing = row?.ageing ?? [];
  const upcoming = row?.upcoming ?? [];
  const topClients = row?.top ?? [];
  const ageingRows = AGEING_BUCKETS.map((bucket) => {
    const row = ageing.find((r) => r.bucket === bucket);
    return { bucket, count: row?.count ?? 0, cents: row?.cents ?? 0 };
  });
  const monthRows = months.map((m) => ({ month: m.month, invoicedCents: m.invoiced, paidCents: m.paid }));
  return {
    period: p,
    totals: {
      revenueCents: totals?.paid ?? 0,
      previousRevenueCents: totals?.prev_paid ?? 0,
      invoicedCents: totals?.invoiced ?? 0,
      previousInvoicedCents: totals?.prev_invoiced ?? 0,
      outstandingCents: totals?.outstanding ?? 0,
      overdueCents: totals?.overdue ?? 0,
      averageDaysToPay: totals?.avg_days ?? null,
      paidInvoiceCount: totals?.paid_count ?? 0,
    },
    months: monthRows,
    ageing: ageingRows,
    upcoming: UPCOMING_WINDOWS.map((window) => {
      const due = upcoming.find((r) => r.window === window);
      const next = scheduled.find((r) => r.window === window);
      return {
        window,
        count: due?.count ?? 0,
        cents: due?.cents ?? 0,
        scheduledCount: next?.count ?? 0,
        scheduledCents: next?.cents ?? 0,
      };
    }),
    topClients: topClients.map((c) => ({
      clientId: c.client_id,
      name: c.name,
      paidCents: c.paid,
      invoicedCents: c.invoiced,
    })),
  };
}
