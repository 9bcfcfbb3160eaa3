import type { Language } from '../../../shared/contracts/common';
import type { InvoiceTaxMode } from '../../../shared/contracts/legal';
import {
  periodExists,
  periodOf,
  periodStart,
  type RecurringFrequency,
} from '../../../shared/contracts/recurring';
import { actingFor, ownedBy, type ProviderScope } from '../../auth/scope';
import type { Tx } from '../../db/client';
import { ApiError } from '../../http/errors';
import { autopayAgreementFor, holdForAutopay } from '../../payments/autopay';
import { insertInvoiceDraft } from '../invoices/create-draft';
import { addDays, type InvoiceDeps, publishInvoiceActivity, todayOf } from '../invoices/deps';
import { RECURRING_LINES } from '../invoices/drafts';
import { linesOf } from '../invoices/get-invoice';
import { sendDraft } from '../invoices/send-invoice';
import { queueRecurringJob } from './queue';
import { timingOf } from './view';

/** At most this many overdue periods per job (a backlog after downtime is caught up over a few runs). */
const CATCH_UP = 12;

type Outcome = { kind: 'none' | 'skipped' | 'invoiced'; seqs: number[] };

/**
 * The `create_recurring_invoice` job's work: every due period of one schedule (its next date today or
 * earlier, UTC day of the injected clock), oldest first, each in ONE transaction: the schedule locked, its
 * next period recorded in `recurring_invoice_runs` (the unique (schedule, period start) key: a period is
 * invoiced once, on any number of instances and however often the job runs), the next date advanced (or
 * cleared past the end date), a draft made of the schedule with the period of service, and sent through the
 * invoices' own send (`sendDraft`: number, e-mail, Stripe push, activity, webhooks). When the pre-send check
 * refuses it (the legal details are incomplete), the draft stays for the provider and the schedule's
 * `last_error` says why; the period counts as invoiced. Activity is published after each commit.
 * @returns how many invoices it made
 */
export async function invoiceDuePeriods(
  deps: InvoiceDeps,
  providerId: string,
  recurringInvoiceId: string,
): Promise<number> {
  const scope = actingFor(providerId);
  let made = 0;
  for (let i = 0; i < CATCH_UP; i++) {
    const outcome = await deps.sql.begin((tx) => invoiceNextPeriod(tx, deps, scope, recurringInvoiceId));
    await publishInvoiceActivity(deps, providerId, outcome.seqs);
    if (outcome.kind === 'none') break;
    if (outcome.kind === 'invoiced') made += 1;
  }
  // The job of its next date (or at once, when a backlog is left).
  await deps.sql.begin(async (tx) => {
    const [row] = await tx<{ id: string; status: string; next_date: string | null }[]>`
      SELECT id, status, to_char(next_date, 'YYYY-MM-DD') AS next_date FROM recurring_invoices
      WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${recurringInvoiceId}`;
    if (row) await queueRecurringJob(tx, deps, scope, row);
  });
  return made;
}

interface ScheduleRow {
  id: string;
  status: 'active' | 'paused';
  client_id: string;
  project_id: string | null;
  frequency: RecurringFrequency;
  interval_days: number | null;
  start_date: string;
  end_date: string | null;
  next_date: string | null;
  next_period: number;
  currency: string;
  language: Language;
  description: string | null;
  due_days: number | null;
  tax_mode: InvoiceTaxMode | null;
  project_fits: boolean;
}

async function invoiceNextPeriod(
  tx: Tx,
  deps: InvoiceDeps,
  scope: ProviderScope,
  id: string,
): Promise<Outcome> {
  const today = todayOf(deps.now());
  // Waits for a concurrent run of the same schedule, then sees its advanced next date.
  const [s] = await tx<ScheduleRow[]>`
    SELECT r.id, r.status, r.client_id, r.project_id, r.frequency, r.interval_days,
           to_char(r.start_date, 'YYYY-MM-DD') AS start_date, to_char(r.end_date, 'YYYY-MM-DD') AS end_date,
           to_char(r.next_date, 'YYYY-MM-DD') AS next_date, r.next_period, r.currency, r.language, r.description,
           r.due_days, r.tax_mode,
           (r.project_id IS NULL OR EXISTS (SELECT 1 FROM projects p WHERE p.provider_id = r.provider_id
              AND p.id = r.project_id AND p.client_id = r.client_id)) AS project_fits
    FROM recurring_invoices r
    WHERE ${ownedBy(tx, scope, 'r.provider_id')} AND r.id = ${id}
    FOR UPDATE OF r`;
  if (s?.status !== 'active' || s.next_date === null || s.next_date > today)
    return { kind: 'none', seqs: [] };
  const timing = timingOf(s);
  const period = periodOf(timing, s.next_period);
  const next = s.next_period + 1;
  await tx`
    UPDATE recurring_invoices
    SET next_period = ${next}, next_date = ${periodExists(timing, next) ? periodStart(timing, next) : null},
        updated_at = ${deps.now()}
    WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${id}`;
  const [run] = await tx`
    INSERT INTO recurring_invoice_runs (provider_id, recurring_invoice_id, period_start, period_end, created_at)
    VALUES (${scope.providerId}, ${id}, ${period.start}, ${period.end}, ${deps.now()})
    ON CONFLICT (recurring_invoice_id, period_start) DO NOTHING
    RETURNING period_start`;
  // Invoiced already (its rhythm was changed back onto a period it had): never a second invoice.
  if (!run) return { kind: 'skipped', seqs: [] };

  const lines = await linesOf(tx, scope, id, RECURRING_LINES);
  const draft = await insertInvoiceDraft(tx, deps, scope, {
    clientId: s.client_id,
    projectId: s.project_fits ? s.project_id : null,
    currency: s.currency as 'EUR' | 'USD',
    language: s.language,
    description: s.description,
    ...(s.due_days === null ? {} : { dueDate: addDays(today, s.due_days) }),
    supplyDate: null,
    supplyFrom: period.start,
    supplyTo: period.end,
    taxMode: s.tax_mode,
    lines: lines.map((l) => ({
      description: l.description,
      quantityMilli: Number(l.quantity_milli),
      unitPriceCents: Number(l.unit_price_cents),
      taxRateBp: l.tax_rate_bp,
      unit: l.unit,
      vatCategory: l.vat_category,
      exemptionReason: l.exemption_reason,
    })),
  });
  await tx`
    UPDATE recurring_invoice_runs SET invoice_id = ${draft.id}
    WHERE ${ownedBy(tx, scope, 'provider_id')} AND recurring_invoice_id = ${id} AND period_start = ${period.start}`;
  const seqs = [draft.seq];
  let lastError: { code: string; fields: { path: string; key: string }[]; invoiceId: string } | null = null;
  // Automatic payment (issue 28): with an agreement in force the invoice is sent without the e-mail and the
  // Stripe push, and charged by a job; a failed charge sends it to pay then (`payments/autopay.ts`).
  const agreement = await autopayAgreementFor(tx, scope.providerId, id);
  try {
    const sent = await tx.savepoint(async (sp) => {
      const done = await sendDraft(sp as Tx, deps, scope, draft.id, {
        actor: 'system',
        ...(agreement ? { deliver: false } : {}),
      });
      if (agreement) await holdForAutopay(sp as Tx, deps, scope.providerId, id, draft.id, agreement);
      return done;
    });
    seqs.push(sent.seq);
  } catch (err) {
    // Refused by a rule (the pre-send check): the draft stays for the provider; anything else is retried.
    if (!(err instanceof ApiError) || err.code === 'internal_error') throw err;
    lastError = {
      code: err.code,
      fields: (err.fields ?? []).map((f) => ({ path: f.path, key: f.key })),
      invoiceId: draft.id,
    };
  }
  await tx`
    UPDATE recurring_invoices SET last_error = ${lastError ? tx.json(lastError) : null}
    WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${id}`;
  return { kind: 'invoiced', seqs };
}

/**
 * The periodic sweep (`recurring_invoices`): queues the job of every active schedule whose next date has
 * come (one waiting job per schedule), in case a queued one was lost (e.g. the queue's table restored).
 * @returns how many schedules are due
 */
export async function queueDueRecurringInvoices(
  deps: Pick<InvoiceDeps, 'sql' | 'jobs' | 'now'>,
): Promise<number> {
  const today = todayOf(deps.now());
  return deps.sql.begin(async (tx) => {
    const due = await tx<{ id: string; provider_id: string }[]>`
      SELECT id, provider_id FROM recurring_invoices
      WHERE status = 'active' AND next_date <= ${today}::date
      ORDER BY next_date, id
      LIMIT 1000`;
    for (const row of due) {
      await deps.jobs.enqueue(
        tx,
        'create_recurring_invoice',
        { providerId: row.provider_id, recurringInvoiceId: row.id },
        { jobKey: `recurring-invoice:${row.id}` },
      );
    }
    return due.length;
  });
}
