import type { Invoice, InvoiceUpdate } from '../../../shared/contracts/invoices';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import { ApiError } from '../../http/errors';
import type { InvoiceDeps } from './deps';
import { checkClientAndProject, lockInvoice, totalsOf, writeLines } from './drafts';
import { getInvoice } from './get-invoice';

/**
 * Changes a draft (409 `invoice_not_editable` once sent): the fields given; `lines` replaces every line
 * (and the totals); a new client or project is checked as on creation (a project must be the client's).
 */
export async function updateInvoice(
  deps: InvoiceDeps,
  scope: ProviderScope,
  invoiceId: string,
  input: InvoiceUpdate,
): Promise<Invoice> {
  const totals = input.lines ? totalsOf(input.lines) : null;
  await deps.sql
    .begin(async (tx) => {
      const current = await lockInvoice(tx, scope, invoiceId);
      if (current.status !== 'draft') throw new ApiError('invoice_not_editable');
      const clientId = input.clientId ?? current.client_id;
      const projectId = input.projectId !== undefined ? input.projectId : current.project_id;
      if (input.clientId !== undefined || input.projectId !== undefined) {
        // A project left from the previous client would no longer fit: it goes unless it is the new client's.
        const keepProject =
          input.projectId === undefined && projectId
            ? (
                await tx`SELECT 1 FROM projects WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${projectId}
                         AND client_id = ${clientId}`
              ).length > 0
            : true;
        await checkClientAndProject(tx, scope, clientId, keepProject ? projectId : null);
        if (!keepProject) {
          throw new ApiError('validation_failed', {
            fields: [{ path: 'projectId', key: 'validation.projectInvalid' }],
          });
        }
      }
      const changes: Record<string, unknown> = { updated_at: deps.now() };
      if (input.clientId !== undefined) changes.client_id = input.clientId;
      if (input.projectId !== undefined) changes.project_id = input.projectId;
      if (input.currency !== undefined) changes.currency = input.currency;
      if (input.language !== undefined) changes.language = input.language;
      if (input.description !== undefined) changes.description = input.description || null;
      if (input.dueDate !== undefined) changes.due_date = input.dueDate;
      // A day of supply and a period exclude each other: setting one clears the other.
      if (input.supplyDate !== undefined) {
        changes.supply_date = input.supplyDate;
        if (input.supplyDate) Object.assign(changes, { supply_from: null, supply_to: null });
      }
      if (input.supplyFrom !== undefined) changes.supply_from = input.supplyFrom;
      if (input.supplyTo !== undefined) changes.supply_to = input.supplyTo;
      if ((input.supplyFrom || input.supplyTo) && input.supplyDate === undefined) changes.supply_date = null;
      if (input.taxMode !== undefined) changes.tax_mode = input.taxMode;
      if (totals) {
        changes.subtotal_cents = totals.subtotalCents;
        changes.tax_cents = totals.taxCents;
        changes.amount_cents = totals.totalCents;
      }
      await tx`
      UPDATE invoices SET ${tx(changes as never, ...(Object.keys(changes) as never[]))}
      WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${invoiceId}`;
      if (input.lines && totals) await writeLines(tx, scope, invoiceId, input.lines, totals.lines);
    })
    .catch((err: { code?: string; constraint_name?: string }) => {
      // One end of the period changed past the stored other end.
      if (err.code === '23514' && err.constraint_name === 'invoices_supply_period_order') {
        throw new ApiError('validation_failed', {
          fields: [{ path: 'supplyTo', key: 'validation.endBeforeStart' }],
        });
      }
      throw err;
    });
  return getInvoice(deps.sql, scope, invoiceId);
}
