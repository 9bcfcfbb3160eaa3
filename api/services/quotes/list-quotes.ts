import type { z } from 'zod';
import type { PortalQuote, QuoteList, QuoteListQuery } from '../../../shared/contracts/quotes';
import { type ClientScope, ownedBy, type ProviderScope, tenant } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { likeContains } from '../clients/list-clients';
import { QUOTE_LINES } from '../invoices/drafts';
import { decodeCursor, encodeCursor } from '../invoices/list-invoices';
import type { LineRow } from '../invoices/view';
import { type QuoteRow, quoteColumns, quoteJoins, toPortalQuote, toQuoteSummary } from './view';

/** The stored condition of a shown status (`expired` is a sent quote past its validity). */
function statusCondition(sql: Sql, status: z.output<typeof QuoteListQuery>['status'], today: string) {
  if (!status) return sql``;
  if (status === 'expired') return sql`AND i.status = 'sent' AND i.valid_until < ${today}`;
  if (status === 'sent') return sql`AND i.status = 'sent' AND i.valid_until >= ${today}`;
  return sql`AND i.status = ${status}`;
}

/**
 * A page of the provider's quotes, newest first (keyset on `(created_at, id)` with the invoices' cursor),
 * filtered by shown status, client and a "contains" search on number and description.
 */
export async function listQuotes(
  sql: Sql,
  scope: ProviderScope,
  query: z.output<typeof QuoteListQuery>,
  today: string,
): Promise<QuoteList> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await sql<QuoteRow[]>`
    SELECT ${quoteColumns(sql)} FROM quotes i ${quoteJoins(sql)}
    WHERE ${ownedBy(sql, scope, 'i.provider_id')}
      ${query.clientId ? sql`AND i.client_id = ${query.clientId}` : sql``}
      ${query.q ? sql`AND i.search_text LIKE ${likeContains(query.q)}` : sql``}
      ${statusCondition(sql, query.status, today)}
      ${cursor ? sql`AND (i.created_at, i.id) < (${cursor.ts}::timestamptz, ${cursor.id}::uuid)` : sql``}
    ORDER BY i.created_at DESC, i.id DESC
    LIMIT ${query.limit + 1}`;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toQuoteSummary(row, today)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}

/**
 * A page of the signed-in client's sent quotes (never drafts), newest first, with their lines (keyset on
 * `(created_at, id)` with the invoices' cursor, like the provider's list).
 */
export async function listPortalQuotes(
  sql: Sql,
  scope: ClientScope,
  page: { cursor?: string | undefined; limit: number },
  today: string,
): Promise<{ items: PortalQuote[]; nextCursor: string | null }> {
  const cursor = page.cursor ? decodeCursor(page.cursor) : null;
  const found = await sql<QuoteRow[]>`
    SELECT ${quoteColumns(sql)} FROM quotes i ${quoteJoins(sql)}
    WHERE ${tenant(sql, scope, { provider: 'i.provider_id', client: 'i.client_id' })} AND i.status <> 'draft'
      ${cursor ? sql`AND (i.created_at, i.id) < (${cursor.ts}::timestamptz, ${cursor.id}::uuid)` : sql``}
    ORDER BY i.created_at DESC, i.id DESC
    LIMIT ${page.limit + 1}`;
  const rows = found.slice(0, page.limit);
  const last = rows.at(-1);
  const nextCursor = found.length > page.limit && last ? encodeCursor(last) : null;
  if (rows.length === 0) return { items: [], nextCursor: null };
  const lines = await sql<(LineRow & { quote_id: string })[]>`
    SELECT quote_id, id, position, description, quantity_milli::text AS quantity_milli,
           unit_price_cents::text AS unit_price_cents, tax_rate_bp, amount_cents::text AS amount_cents,
           unit, vat_category, exemption_reason
    FROM ${sql(QUOTE_LINES.table)}
    WHERE ${ownedBy(sql, scope, 'provider_id')} AND quote_id IN ${sql(rows.map((r) => r.id))}
    ORDER BY quote_id, position`;
  const items = rows.map((row) =>
    toPortalQuote(
      row,
      lines.filter((l) => l.quote_id === row.id),
      today,
    ),
  );
  return { items, nextCursor };
}
