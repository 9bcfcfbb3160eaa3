import { ownedBy, type ProviderScope } from '../../auth/scope';
import { ApiError } from '../../http/errors';
import type { InvoiceDeps } from '../invoices/deps';

/**
 * Deletes a recurring invoice with its lines and its record of invoiced periods; the invoices it made stay
 * (they are part of the books). A queued job finds it gone and does nothing.
 */
export async function deleteRecurringInvoice(
  deps: InvoiceDeps,
  scope: ProviderScope,
  id: string,
): Promise<void> {
  const deleted = await deps.sql`
    DELETE FROM recurring_invoices WHERE ${ownedBy(deps.sql, scope, 'provider_id')} AND id = ${id} RETURNING id`;
  if (deleted.length === 0) throw new ApiError('not_found');
}
