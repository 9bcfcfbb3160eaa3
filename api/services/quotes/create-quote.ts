import type { z } from 'zod';
import type { Language } from '../../../shared/contracts/common';
import { defaultCurrency } from '../../../shared/contracts/invoices';
import type { Quote, QuoteCreate } from '../../../shared/contracts/quotes';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import { addDays, type InvoiceDeps, todayOf } from '../invoices/deps';
import { checkClientAndProject, QUOTE_LINES, totalsOf, writeLines } from '../invoices/drafts';
import { settingsOf } from '../invoices/settings';
import { getQuote } from './get-quote';

/**
 * A new draft quote, as a new draft invoice (`createInvoice`): the provider's client (404 otherwise), an
 * optional project of that client, the currency from the profile (else its language), the client's
 * language, lines and totals from `computeTotals`; valid until today plus the settings' validity unless given.
 * A draft is the provider's own: no activity reaches the client.
 */
export async function createQuote(
  deps: InvoiceDeps,
  scope: ProviderScope,
  input: z.output<typeof QuoteCreate>,
): Promise<Quote> {
  const totals = totalsOf(input.lines);
  const today = todayOf(deps.now());
  const id = await deps.sql.begin(async (tx) => {
    const client = await checkClientAndProject(tx, scope, input.clientId, input.projectId);
    const [profile] = await tx<{ preferred_language: Language; currency: string | null }[]>`
      SELECT preferred_language, currency FROM profiles WHERE ${ownedBy(tx, scope, 'user_id')}`;
    const settings = await settingsOf(tx, scope);
    const now = deps.now();
    const [row] = await tx<{ id: string }[]>`
      INSERT INTO quotes (provider_id, client_id, project_id, currency, language, description, valid_until,
                          supply_date, supply_from, supply_to, tax_mode, subtotal_cents, tax_cents, amount_cents,
                          created_at, updated_at)
      VALUES (${scope.providerId}, ${input.clientId}, ${input.projectId},
              ${input.currency ?? defaultCurrency(profile?.preferred_language ?? 'en', profile?.currency)},
              ${input.language ?? client.language}, ${input.description || null},
              ${input.validUntil ?? addDays(today, settings.default_quote_valid_days)},
              ${input.supplyDate}, ${input.supplyFrom}, ${input.supplyTo}, ${input.taxMode},
              ${totals.subtotalCents}, ${totals.taxCents}, ${totals.totalCents}, ${now}, ${now})
      RETURNING id`;
    const quoteId = (row as { id: string }).id;
    await writeLines(tx, scope, quoteId, input.lines, totals.lines, QUOTE_LINES);
    return quoteId;
  });
  return getQuote(deps.sql, scope, id, today);
}
