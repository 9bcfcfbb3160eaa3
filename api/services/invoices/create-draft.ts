import type { z } from 'zod';
import type { Language } from '../../../shared/contracts/common';
import { defaultCurrency, type Invoice, type InvoiceCreate } from '../../../shared/contracts/invoices';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Tx } from '../../db/client';
import { recordActivity } from '../activity/record-activity';
import { addDays, type InvoiceDeps, publishInvoiceActivity, todayOf } from './deps';
import { checkClientAndProject, totalsOf, writeLines } from './drafts';
import { getInvoice } from './get-invoice';
import { settingsOf } from './settings';

type Legal = 'supplyDate' | 'supplyFrom' | 'supplyTo' | 'taxMode';
/** The contract's output; the legal fields may be left out (no day of supply yet, the settings' tax mode). */
export type DraftInput = Omit<z.output<typeof InvoiceCreate>, Legal> &
  Partial<Pick<z.output<typeof InvoiceCreate>, Legal>>;

/**
 * A new draft: the provider's client (404 otherwise), an optional project of that client, the currency
 * from the profile (else its language), the client's language, the due date from the settings' payment
 * term, lines numbered 1..n with amounts and totals from `computeTotals`; activity `invoice_created`
 * (the provider's only: a draft is not the client's to see).
 */
export async function createInvoice(
  deps: InvoiceDeps,
  scope: ProviderScope,
  input: DraftInput,
): Promise<Invoice> {
  const { id, seq } = await deps.sql.begin((tx) => insertInvoiceDraft(tx, deps, scope, input));
  await publishInvoiceActivity(deps, scope.providerId, [seq]);
  return getInvoice(deps.sql, scope, id);
}

/**
 * The draft's rows and its `invoice_created` activity in the caller's transaction (`createInvoice`, and an
 * invoice made from a quote, which passes `quote`: the quote and the part it bills).
 * @returns the invoice's id and the activity's seq, to publish after the commit
 */
export async function insertInvoiceDraft(
  tx: Tx,
  deps: InvoiceDeps,
  scope: ProviderScope,
  input: DraftInput,
  quote?: { id: string; part: 'full' | 'deposit' | 'rest' },
): Promise<{ id: string; seq: number }> {
  const totals = totalsOf(input.lines);
  const client = await checkClientAndProject(tx, scope, input.clientId, input.projectId);
  const [profile] = await tx<{ preferred_language: Language; currency: string | null }[]>`
    SELECT preferred_language, currency FROM profiles WHERE ${ownedBy(tx, scope, 'user_id')}`;
  const settings = await settingsOf(tx, scope);
  const currency = input.currency ?? defaultCurrency(profile?.preferred_language ?? 'en', profile?.currency);
  const language = input.language ?? client.language;
  // Omitted: the payment term from today; an explicit null: no due date.
  const dueDate =
    input.dueDate === undefined ? addDays(todayOf(deps.now()), settings.default_due_days) : input.dueDate;
  const now = deps.now();
  const [row] = await tx<{ id: string }[]>`
    INSERT INTO invoices (provider_id, client_id, project_id, number, amount_cents, subtotal_cents, tax_cents,
                          currency, status, description, due_date, language, supply_date, supply_from,
                          supply_to, tax_mode, quote_id, quote_part, created_at, updated_at)
    VALUES (${scope.providerId}, ${input.clientId}, ${input.projectId}, NULL, ${totals.totalCents},
            ${totals.subtotalCents}, ${totals.taxCents}, ${currency}, 'draft', ${input.description || null},
            ${dueDate}, ${language}, ${input.supplyDate ?? null}, ${input.supplyFrom ?? null},
            ${input.supplyTo ?? null}, ${input.taxMode ?? null}, ${quote?.id ?? null}, ${quote?.part ?? null},
            ${now}, ${now})
    RETURNING id`;
  const invoiceId = (row as { id: string }).id;
  await writeLines(tx, scope, invoiceId, input.lines, totals.lines);
  const activity = await recordActivity(tx, {
    jobs: deps.jobs,
    providerId: scope.providerId,
    projectId: input.projectId,
    clientId: input.clientId,
    type: 'invoice_created',
    metadata: {
      invoiceId,
      number: null,
      status: 'draft',
      amountCents: totals.totalCents,
      currency,
      sender_type: 'provider',
    },
    clientVisible: false,
    actor: 'provider',
  });
  return { id: invoiceId, seq: activity.seq };
}
