import { ownedBy, type ProviderScope } from '../../auth/scope';
import { ApiError } from '../../http/errors';
import type { InvoiceDeps } from './deps';
import { lockInvoice } from './drafts';

/**
 * Deletes a draft with its lines (409 `invoice_not_editable` once sent: a numbered invoice is part of the
 * books and is cancelled instead). Its `invoice_created` activity row (the provider's only) goes with it.
 */
export async function deleteInvoice(
  deps: InvoiceDeps,
  scope: ProviderScope,
  invoiceId: string,
): Promise<void> {
  await deps.sql.begin(async (tx) => {
    const current = await lockInvoice(tx, scope, invoiceId);
    if (current.status !== 'draft') throw new ApiError('invoice_not_editable');
    await tx`DELETE FROM invoices WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${invoiceId}`;
    await tx`
      DELETE FROM activity_feed
      WHERE ${ownedBy(tx, scope, 'provider_id')} AND activity_type = 'invoice_created'
        AND metadata->>'invoiceId' = ${invoiceId}`;
  });
}
