import type { z } from 'zod';
import { canTransition, type Invoice, type InvoiceCancel } from '../../../shared/contracts/invoices';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import { ApiError } from '../../http/errors';
import { queueStripeClose } from '../../payments/stripe-jobs';
import { type InvoiceDeps, publishInvoiceActivity } from './deps';
import { lockInvoice } from './drafts';
import { getInvoice } from './get-invoice';
import { formatNumber, lockSettings } from './settings';
import { recordInvoiceStatus } from './transitions';

/**
 * Cancels a sent or overdue invoice (409 `invoice_transition_not_allowed` otherwise: a draft is deleted,
 * paid and cancelled are final): a credit note with the next number of its own sequence (taken under the
 * settings row's lock, gapless like invoice numbers) for the invoice's amount, the reason, the status
 * `cancelled`, its activity row and the job that closes it in Stripe, in one transaction.
 */
export async function cancelInvoice(
  deps: InvoiceDeps,
  scope: ProviderScope,
  invoiceId: string,
  input: z.output<typeof InvoiceCancel>,
): Promise<Invoice> {
  const seq = await deps.sql.begin(async (tx) => {
    const current = await lockInvoice(tx, scope, invoiceId);
    if (!canTransition(current.status, 'cancelled')) throw new ApiError('invoice_transition_not_allowed');
    const settings = await lockSettings(tx, scope);
    const number = formatNumber(settings.credit_note_prefix, settings.next_credit_note_number);
    const now = deps.now();
    const [row] = await tx<{ id: string }[]>`
      UPDATE invoices SET status = 'cancelled', cancelled_at = ${now}, updated_at = ${now}
      WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${invoiceId} AND status IN ('sent', 'overdue')
      RETURNING id`;
    if (!row) throw new ApiError('invoice_transition_not_allowed');
    await tx`
      INSERT INTO credit_notes (provider_id, invoice_id, number, reason, amount_cents, created_at)
      VALUES (${scope.providerId}, ${invoiceId}, ${number}, ${input.reason || null}, ${current.amount_cents}, ${now})`;
    await tx`
      UPDATE invoice_settings SET next_credit_note_number = next_credit_note_number + 1, updated_at = now()
      WHERE ${ownedBy(tx, scope, 'provider_id')}`;
    // Nothing of it stays payable in Stripe: its Checkout sessions expire and its Stripe invoice is voided.
    await queueStripeClose(tx, deps.jobs, scope.providerId, invoiceId);
    return recordInvoiceStatus(
      tx,
      deps.jobs,
      scope.providerId,
      { ...current, from_status: current.status, status: 'cancelled' },
      'provider',
      { creditNoteNumber: number },
    );
  });
  await publishInvoiceActivity(deps, scope.providerId, [seq]);
  return getInvoice(deps.sql, scope, invoiceId);
}
