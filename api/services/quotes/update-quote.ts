import type { Quote, QuoteUpdate } from '../../../shared/contracts/quotes';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import { ApiError } from '../../http/errors';
import { type InvoiceDeps, todayOf } from '../invoices/deps';
import { QUOTE_LINES, recheckClientAndProject, totalsOf, writeLines } from '../invoices/drafts';
import { getQuote, lockQuote } from './get-quote';

/**
 * Changes a draft quote (409 `quote_not_editable` once sent): the fields given; `lines` replaces every line
 * and the totals; a new client or project is checked as on creation (a project must be the client's).
 */
export async function updateQuote(
  deps: InvoiceDeps,
  scope: ProviderScope,
  quoteId: string,
  input: QuoteUpdate,
): Promise<Quote> {
  const totals = input.lines ? totalsOf(input.lines) : null;
  await deps.sql
    .begin(async (tx) => {
      const current = await lockQuote(tx, scope, quoteId);
      if (current.status !== 'draft') throw new ApiError('quote_not_editable');
      await recheckClientAndProject(tx, scope, 'quotes', quoteId, current, input);
      const changes: Record<string, unknown> = { updated_at: deps.now() };
      const columns: Record<string, string> = {
        clientId: 'client_id',
        projectId: 'project_id',
        currency: 'currency',
        language: 'language',
        validUntil: 'valid_until',
        supplyFrom: 'supply_from',
        supplyTo: 'supply_to',
        taxMode: 'tax_mode',
      };
      for (const [field, column] of Object.entries(columns)) {
        const value = (input as Record<string, unknown>)[field];
        if (value !== undefined) changes[column] = value;
      }
      if (input.description !== undefined) changes.description = input.description || null;
      // A day of supply and a period exclude each other: setting one clears the other.
      if (input.supplyDate !== undefined) {
        changes.supply_date = input.supplyDate;
        if (input.supplyDate) Object.assign(changes, { supply_from: null, supply_to: null });
      }
      if ((input.supplyFrom || input.supplyTo) && input.supplyDate === undefined) changes.supply_date = null;
      if (totals) {
        changes.subtotal_cents = totals.subtotalCents;
        changes.tax_cents = totals.taxCents;
        changes.amount_cents = totals.totalCents;
      }
      await tx`
        UPDATE quotes SET ${tx(changes as never, ...(Object.keys(changes) as never[]))}
        WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${quoteId}`;
      if (input.lines && totals) await writeLines(tx, scope, quoteId, input.lines, totals.lines, QUOTE_LINES);
    })
    .catch((err: { code?: string; constraint_name?: string }) => {
      if (err.code === '23514' && err.constraint_name === 'quotes_supply_period_order') {
        throw new ApiError('validation_failed', {
          fields: [{ path: 'supplyTo', key: 'validation.endBeforeStart' }],
        });
      }
      throw err;
    });
  return getQuote(deps.sql, scope, quoteId, todayOf(deps.now()));
}
