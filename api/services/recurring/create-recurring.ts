import type { z } from 'zod';
import type { Language } from '../../../shared/contracts/common';
import { defaultCurrency } from '../../../shared/contracts/invoices';
import type { RecurringInvoice, RecurringInvoiceCreate } from '../../../shared/contracts/recurring';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import { ApiError } from '../../http/errors';
import { type InvoiceDeps, todayOf } from '../invoices/deps';
import { checkClientAndProject, RECURRING_LINES, totalsOf, writeLines } from '../invoices/drafts';
import { getRecurringInvoice } from './get-recurring';
import { queueRecurringJob } from './queue';

/** 422 on `startDate`: a new start lies before today (the job would have to catch up on the past). */
export const startInPast = () =>
  new ApiError('validation_failed', {
    fields: [{ path: 'startDate', key: 'validation.recurringStartPast' }],
  });

/**
 * A new recurring invoice for one of the provider's clients (404 otherwise), an optional project of that
 * client, its lines and totals as a draft's (`totalsOf`), the currency from the profile (else its language),
 * the client's language. It starts today or later; its first period starts on the start day, and when that
 * is today the job is queued at once.
 */
export async function createRecurringInvoice(
  deps: InvoiceDeps,
  scope: ProviderScope,
  input: z.output<typeof RecurringInvoiceCreate>,
): Promise<RecurringInvoice> {
  const totals = totalsOf(input.lines);
  const today = todayOf(deps.now());
  if (input.startDate < today) throw startInPast();
  const id = await deps.sql.begin(async (tx) => {
    const client = await checkClientAndProject(tx, scope, input.clientId, input.projectId);
    const [profile] = await tx<{ preferred_language: Language; currency: string | null }[]>`
      SELECT preferred_language, currency FROM profiles WHERE ${ownedBy(tx, scope, 'user_id')}`;
    const now = deps.now();
    const [row] = await tx<{ id: string; status: string; next_date: string | null }[]>`
      INSERT INTO recurring_invoices (provider_id, client_id, project_id, frequency, interval_days, start_date,
                                      end_date, next_period, next_date, currency, language, description, due_days,
                                      tax_mode, subtotal_cents, tax_cents, amount_cents, autopay, created_at,
                                      updated_at)
      VALUES (${scope.providerId}, ${input.clientId}, ${input.projectId}, ${input.frequency},
              ${input.frequency === 'days' ? input.intervalDays : null}, ${input.startDate}, ${input.endDate}, 0,
              ${input.startDate},
              ${input.currency ?? defaultCurrency(profile?.preferred_language ?? 'en', profile?.currency)},
              ${input.language ?? client.language}, ${input.description || null}, ${input.dueDays},
              ${input.taxMode}, ${totals.subtotalCents}, ${totals.taxCents}, ${totals.totalCents}, ${input.autopay},
              ${now}, ${now})
      RETURNING id, status, to_char(next_date, 'YYYY-MM-DD') AS next_date`;
    const created = row as { id: string; status: string; next_date: string | null };
    await writeLines(tx, scope, created.id, input.lines, totals.lines, RECURRING_LINES);
    await queueRecurringJob(tx, deps, scope, created);
    return created.id;
  });
  return getRecurringInvoice(deps.sql, scope, id);
}
