import type { z } from 'zod';
import type {
  Currency,
  InvoiceList,
  InvoiceListQuery,
  InvoiceStatus,
} from '../../../shared/contracts/invoices';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';
import { likeContains } from '../clients/list-clients';
import { invoiceJoins, type SummaryRow, summaryColumns, toInvoiceSummary } from './view';

/** The keyset cursor: the last row's created_at (microseconds) and id (invoices and quotes). */
export const encodeCursor = (row: Pick<SummaryRow, 'cursor_ts' | 'id'>) =>
  Buffer.from(`${row.cursor_ts}|${row.id}`).toString('base64url');

export function decodeCursor(cursor: string): { ts: string; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const m =
    /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
      text,
    );
  if (!m || Number.isNaN(Date.parse(m[1] as string))) {
    throw new ApiError('validation_failed', { fields: [{ path: 'cursor', key: 'validation.invalid' }] });
  }
  return { ts: m[1] as string, id: m[2] as string };
}

type TotalsRow = { status: InvoiceStatus; currency: string; count: number; cents: string; paid: string };

/**
 * A page of the provider's invoices, newest first (keyset on `(created_at, id)`, the index
 * `invoices_provider_created_idx`), filtered by status, client, project and a "contains" search on number
 * and description (trigram index on `search_text`), with the count and sums per currency of every status
 * under the same filters except the status (without filters: `invoice_totals`, which the database keeps,
 * migration 0026). Two statements, sent at once.
 */
export async function listInvoices(
  sql: Sql,
  scope: ProviderScope,
  query: z.output<typeof InvoiceListQuery>,
): Promise<InvoiceList> {
  const others = sql`
    ${query.clientId ? sql`AND i.client_id = ${query.clientId}` : sql``}
    ${query.projectId ? sql`AND i.project_id = ${query.projectId}` : sql``}
    ${query.q ? sql`AND i.search_text LIKE ${likeContains(query.q)}` : sql``}`;
  const filtered = Boolean(query.clientId || query.projectId || query.q);
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const [rows, totals] = await Promise.all([
    sql<SummaryRow[]>`
      SELECT ${summaryColumns(sql)}
      FROM invoices i ${invoiceJoins(sql)}
      WHERE ${ownedBy(sql, scope, 'i.provider_id')} ${others}
        ${query.status ? sql`AND i.status = ${query.status}` : sql``}
        ${cursor ? sql`AND (i.created_at, i.id) < (${cursor.ts}::timestamptz, ${cursor.id}::uuid)` : sql``}
      ORDER BY i.created_at DESC, i.id DESC
      LIMIT ${query.limit + 1}`,
    filtered
      ? // An amount fits int4 (at most 99,999,999, a CHECK): sum(int4) adds in int8, far cheaper than the
        // numeric sum(int8) over many rows, and exact up to 92 billion invoices. The balance due (issue 28):
        // open invoices' totals less their partial payments (`paid_cents`).
        sql<TotalsRow[]>`
          SELECT i.status, i.currency::text AS currency, count(*)::int AS count,
                 sum(i.amount_cents::int)::text AS cents, sum(i.paid_cents::int)::text AS paid
          FROM invoices i
          WHERE ${ownedBy(sql, scope, 'i.provider_id')} ${others}
          GROUP BY i.status, i.currency
          ORDER BY i.status, i.currency`
      : // Unfiltered: the same sums as the database keeps them (migration 0026), at most ten rows.
        sql<TotalsRow[]>`
          SELECT t.status, t.currency::text AS currency, t.invoice_count AS count, t.amount_cents::text AS cents,
                 t.paid_cents::text AS paid
          FROM invoice_totals t
          WHERE ${ownedBy(sql, scope, 't.provider_id')}
          ORDER BY t.status, t.currency`,
  ]);
  const page = rows.slice(0, query.limit);
  const byStatus = new Map<
    InvoiceStatus,
    { count: number; amounts: { currency: Currency; amountCents: number; balanceCents: number }[] }
  >();
  for (const t of totals) {
    const entry = byStatus.get(t.status) ?? { count: 0, amounts: [] };
    entry.count += t.count;
    const open = t.status === 'sent' || t.status === 'overdue';
    entry.amounts.push({
      currency: t.currency as Currency,
      amountCents: Number(t.cents),
      balanceCents: open ? Number(t.cents) - Number(t.paid) : 0,
    });
    byStatus.set(t.status, entry);
  }
  const last = page.at(-1);
  return {
    items: page.map(toInvoiceSummary),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    totals: (['draft', 'sent', 'overdue', 'paid', 'cancelled'] as const).map((status) => ({
      status,
      count: byStatus.get(status)?.count ?? 0,
      amounts: byStatus.get(status)?.amounts ?? [],
    })),
  };
}
