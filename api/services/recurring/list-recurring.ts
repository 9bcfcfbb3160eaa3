import type { z } from 'zod';
import type { RecurringInvoiceList, RecurringInvoiceListQuery } from '../../../shared/contracts/recurring';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { likeContains } from '../clients/list-clients';
import { decodeCursor, encodeCursor } from '../invoices/list-invoices';
import { type RecurringRow, recurringColumns, recurringJoins, toRecurringSummary } from './view';

/** The stored condition of a shown status (`ended`: no next date left). */
function statusCondition(sql: Sql, status: z.output<typeof RecurringInvoiceListQuery>['status']) {
  if (!status) return sql``;
  if (status === 'ended') return sql`AND r.next_date IS NULL`;
  return sql`AND r.next_date IS NOT NULL AND r.status = ${status}`;
}

/**
 * A page of the provider's recurring invoices, newest first (keyset on `(created_at, id)` with the
 * invoices' cursor, index `recurring_invoices_provider_created_idx`), filtered by shown status, client and a "contains" search on the description and the client's name.
 */
export async function listRecurringInvoices(
  sql: Sql,
  scope: ProviderScope,
  query: z.output<typeof RecurringInvoiceListQuery>,
): Promise<RecurringInvoiceList> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await sql<RecurringRow[]>`
    SELECT ${recurringColumns(sql)} FROM recurring_invoices r ${recurringJoins(sql)}
    WHERE ${ownedBy(sql, scope, 'r.provider_id')}
      ${query.clientId ? sql`AND r.client_id = ${query.clientId}` : sql``}
      ${query.q ? sql`AND lower(coalesce(r.description, '') || ' ' || c.name) LIKE ${likeContains(query.q)}` : sql``}
      ${statusCondition(sql, query.status)}
      ${cursor ? sql`AND (r.created_at, r.id) < (${cursor.ts}::timestamptz, ${cursor.id}::uuid)` : sql``}
    ORDER BY r.created_at DESC, r.id DESC
    LIMIT ${query.limit + 1}`;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toRecurringSummary),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}
