import type { ProviderScope } from '../../auth/scope';
import { ownedBy } from '../../auth/scope';
import { ApiError } from '../../http/errors';
import type { InvoiceDeps } from '../invoices/deps';
import { lockQuote } from './get-quote';

/** Deletes a draft quote (409 `quote_not_editable` once sent: a sent quote is part of the record). */
export async function deleteQuote(deps: InvoiceDeps, scope: ProviderScope, quoteId: string): Promise<void> {
  await deps.sql.begin(async (tx) => {
    const current = await lockQuote(tx, scope, quoteId);
    if (current.status !== 'draft') throw new ApiError('quote_not_editable');
    await tx`DELETE FROM quotes WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${quoteId} AND status = 'draft'`;
  });
}
