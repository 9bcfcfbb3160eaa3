import type { Quote } from '../../../shared/contracts/quotes';
import { ownedBy, type ProviderScope, type Scope, tenant } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import { ApiError } from '../../http/errors';
import { QUOTE_LINES } from '../invoices/drafts';
import { linesOf } from '../invoices/get-invoice';
import { type QuoteRow, quoteColumns, quoteJoins, type StoredQuoteStatus, toQuote } from './view';

/** One quote row of the reader (a client never reads a draft), or 404. */
export async function quoteRow(sql: Sql | Tx, scope: Scope, quoteId: string): Promise<QuoteRow> {
  const [row] = await sql<QuoteRow[]>`
    SELECT ${quoteColumns(sql)} FROM quotes i ${quoteJoins(sql)}
    WHERE ${tenant(sql, scope, { provider: 'i.provider_id', client: 'i.client_id' })} AND i.id = ${quoteId}
      ${scope.kind === 'client' ? sql`AND i.status <> 'draft'` : sql``}`;
  if (!row) throw new ApiError('not_found');
  return row;
}

/** A quote's lines in order (the caller has checked the quote is the reader's). */
export const quoteLinesOf = (sql: Sql | Tx, scope: Scope, quoteId: string) =>
  linesOf(sql, scope, quoteId, QUOTE_LINES);

/** One of the provider's quotes with its lines, acceptance and invoices (404 for another provider's). */
export async function getQuote(
  sql: Sql | Tx,
  scope: ProviderScope,
  quoteId: string,
  today: string,
): Promise<Quote> {
  const [row, lines] = await Promise.all([quoteRow(sql, scope, quoteId), quoteLinesOf(sql, scope, quoteId)]);
  return toQuote(row, lines, today);
}

/** The provider's quote locked for the transaction (404 otherwise). */
export async function lockQuote(tx: Tx, scope: ProviderScope, quoteId: string) {
  const [row] = await tx<
    {
      id: string;
      status: StoredQuoteStatus;
      client_id: string;
      project_id: string | null;
      number: string | null;
      valid_until: string;
    }[]
  >`
    SELECT id, status, client_id, project_id, number, to_char(valid_until, 'YYYY-MM-DD') AS valid_until
    FROM quotes WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${quoteId} FOR UPDATE`;
  if (!row) throw new ApiError('not_found');
  return row;
}
