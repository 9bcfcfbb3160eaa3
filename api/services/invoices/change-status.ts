import type { z } from 'zod';
import { canTransition, type Invoice, type InvoiceStatusChange } from '../../../shared/contracts/invoices';
import type { ProviderScope } from '../../auth/scope';
import { ApiError } from '../../http/errors';
import { type InvoiceDeps, publishInvoiceActivity, todayOf } from './deps';
import { lockInvoice } from './drafts';
import { getInvoice } from './get-invoice';
import { recordRemainder } from './payments';
import { markInvoiceOverdue, markInvoicePaid } from './transitions';

/**
 * The provider sets a status along INVOICE_TRANSITIONS (`paid` with the day the money arrived, default
 * today; or `overdue`) through `markInvoicePaid` / `markInvoiceOverdue`; anything else, or a change that
 * lost a race, is 409 `invoice_transition_not_allowed`. A paid date in the future is 422.
 */
export async function changeInvoiceStatus(
  deps: InvoiceDeps,
  scope: ProviderScope,
  invoiceId: string,
  input: z.output<typeof InvoiceStatusChange>,
): Promise<Invoice> {
  const now = deps.now();
  const today = todayOf(now);
  if (input.paidDate && input.paidDate > today) {
    throw new ApiError('validation_failed', {
      fields: [{ path: 'paidDate', key: 'validation.dateInvalid' }],
    });
  }
  const seqs: number[] = [];
  await deps.sql.begin(async (tx) => {
    const current = await lockInvoice(tx, scope, invoiceId);
    if (!canTransition(current.status, input.status)) throw new ApiError('invoice_transition_not_allowed');
    // Today: now; an earlier day: its midday UTC, the same calendar day in every time zone we serve.
    const paidAt =
      !input.paidDate || input.paidDate === today ? now : new Date(`${input.paidDate}T12:00:00Z`);
    // Marked paid by hand: the rest still due (all of it, or what partial payments left) is a payment too.
    if (input.status === 'paid') await recordRemainder(tx, scope, invoiceId, paidAt, input.paidDate ?? today);
    const changed =
      input.status === 'paid'
        ? await markInvoicePaid(tx, scope, invoiceId, {
            paidAt,
            // The day itself is stored as the day (`paid_on`), whatever the time zone of anyone reading it.
            paidOn: input.paidDate ?? today,
            via: 'manual',
            jobs: deps.jobs,
            actor: 'provider',
            activitySeqs: seqs,
          })
        : await markInvoiceOverdue(tx, scope, invoiceId, {
            jobs: deps.jobs,
            actor: 'provider',
            activitySeqs: seqs,
          });
    if (!changed) throw new ApiError('invoice_transition_not_allowed');
  });
  await publishInvoiceActivity(deps, scope.providerId, seqs);
  return getInvoice(deps.sql, scope, invoiceId);
}
