import type { PortalQuote } from '../../../shared/contracts/quotes';
import type { ClientScope } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import { quoteLinesOf, quoteRow } from './get-quote';
import { toPortalQuote } from './view';

/** One of the signed-in client's sent quotes (a draft or another client's answers 404). */
export async function getPortalQuote(
  sql: Sql | Tx,
  scope: ClientScope,
  quoteId: string,
  today: string,
): Promise<PortalQuote> {
  const row = await quoteRow(sql, scope, quoteId);
  return toPortalQuote(row, await quoteLinesOf(sql, scope, quoteId), today);
}
