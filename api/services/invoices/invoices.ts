import type { z } from 'zod';
import type { Language } from '../../../shared/contracts/common';
import {
  type Currency,
  canTransition,
  defaultCurrency,
  type Invoice,
  type InvoiceCancel,
  type InvoiceCreate,
  type InvoiceList,
  type InvoiceListQuery,
  type InvoiceStatus,
  type InvoiceStatusChange,
  type InvoiceUpdate,
} from '../../../shared/contracts/invoices';
import { computeTotals, MAX_AMOUNT_CENTS, type MoneyLine } from '../../../shared/contracts/money';
import type { ProviderScope } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import type { Logger } from '../../http/logger';
import { invoiceSentMail } from '../../mail/templates/invoice-sent';
import { publishActivity, recordActivity } from '../activity/record-activity';
import { likeContains } from '../clients/list-clients';
import { formatNumber, lockSettings, settingsOf } from './settings';
import { markInvoiceOverdue, markInvoicePaid, recordInvoiceStatus } from './transitions';
import {
  type DetailRow,
  detailColumns,
  invoiceJoins,
  type LineRow,
  type SummaryRow,
  summaryColumns,
  toInvoice,
  toInvoiceSummary,
} from './view';

/*
 * The provider's invoices (issue 21; rules in shared/contracts/invoices.ts, schema in migration 0014).
 * Drafts are edited freely; sending assigns the next number under the settings row's lock and makes the
 * invoice immutable; after that only status changes (./transitions.ts) and cancellation (a credit note).
 * Every write is one transaction with its activity row; the activity is published after the commit.
 */

export type InvoiceDeps = Pick<AppDeps, 'sql' | 'jobs' | 'mailer' | 'pubsub' | 'now' | 'config'> & {
  log: Logger;
};

/** Publishes activity rows written by a committed transaction (a failure is logged, never thrown). */
export async function publishInvoiceActivity(
  deps: Pick<AppDeps, 'pubsub'> & { log: Logger },
  providerId: string,
  seqs: readonly number[],
): Promise<void> {
  for (const seq of seqs) {
    await publishActivity(deps.pubsub, providerId, seq).catch((err) =>
      deps.log.warn({ err }, 'activity notification not published'),
    );
  }
}

/** Today's calendar date (UTC) of the injected clock, `YYYY-MM-DD`. */
export const todayOf = (now: Date) => now.toISOString().slice(0, 10);

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/* --- reading ------------------------------------------------------------------------------------------ */

/** One invoice of the provider with its lines (404 for another provider's or a missing one). */
export async function getInvoice(sql: Sql | Tx, scope: ProviderScope, invoiceId: string): Promise<Invoice> {
  const [[row], lines] = await Promise.all([
    sql<DetailRow[]>`
      SELECT ${summaryColumns(sql)}, ${detailColumns(sql)}
      FROM invoices i ${invoiceJoins(sql)}
      WHERE i.provider_id = ${scope.providerId} AND i.id = ${invoiceId}`,
    linesOf(sql, scope.providerId, invoiceId),
  ]);
  if (!row) throw new ApiError('not_found');
  return toInvoice(row, lines);
}

export function linesOf(sql: Sql | Tx, providerId: string, invoiceId: string) {
  return sql<LineRow[]>`
    SELECT id, position, description, quantity_milli::text AS quantity_milli,
           unit_price_cents::text AS unit_price_cents, tax_rate_bp, amount_cents::text AS amount_cents
    FROM invoice_lines WHERE provider_id = ${providerId} AND invoice_id = ${invoiceId}
    ORDER BY position`;
}

/** The keyset cursor: the last row's created_at (microseconds) and id. */
const encodeCursor = (row: SummaryRow) => Buffer.from(`${row.cursor_ts}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { ts: string; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const m =
    /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
      text,
    );
  if (!m || Number.isNaN(Date.parse(m[1] as string))) {
    throw new ApiError('validation_failed', { fields: [{ path: 'cursor', key: 'validation.invalid' }] });
  }
  return { ts: m[1] as string, id: m[2] as string };
}

/**
 * A page of the provider's invoices, newest first (keyset on `(created_at, id)`, the index
 * `invoices_provider_created_idx`), filtered by status, client, project and a "contains" search on number
 * and description (trigram index on `search_text`), with the count and sums per currency of every status
 * under the same filters except the status. Two statements, sent at once.
 */
export async function listInvoices(
  sql: Sql,
  scope: ProviderScope,
  query: z.output<typeof InvoiceListQuery>,
): Promise<InvoiceList> {
  const others = sql`
    ${query.clientId ? sql`AND i.client_id = ${query.clientId}` : sql``}
    ${query.projectId ? sql`AND i.project_id = ${query.projectId}` : sql``}
    ${query.q ? sql`AND i.search_text LIKE ${likeContains(query.q)}` : sql``}`;
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const [rows, totals] = await Promise.all([
    sql<SummaryRow[]>`
      SELECT ${summaryColumns(sql)}
      FROM invoices i ${invoiceJoins(sql)}
      WHERE i.provider_id = ${scope.providerId} ${others}
        ${query.status ? sql`AND i.status = ${query.status}` : sql``}
        ${cursor ? sql`AND (i.created_at, i.id) < (${cursor.ts}::timestamptz, ${cursor.id}::uuid)` : sql``}
      ORDER BY i.created_at DESC, i.id DESC
      LIMIT ${query.limit + 1}`,
    // An amount fits int4 (at most 99,999,999, a CHECK): sum(int4) adds in int8, far cheaper than the
    // numeric sum(int8) over 50,000 rows, and exact up to 92 billion invoices.
    sql<{ status: InvoiceStatus; currency: string; count: number; cents: string }[]>`
      SELECT i.status, i.currency::text AS currency, count(*)::int AS count, sum(i.amount_cents::int)::text AS cents
      FROM invoices i
      WHERE i.provider_id = ${scope.providerId} ${others}
      GROUP BY i.status, i.currency
      ORDER BY i.status, i.currency`,
  ]);
  const page = rows.slice(0, query.limit);
  const byStatus = new Map<
    InvoiceStatus,
    { count: number; amounts: { currency: Currency; amountCents: number }[] }
  >();
  for (const t of totals) {
    const entry = byStatus.get(t.status) ?? { count: 0, amounts: [] };
    entry.count += t.count;
    entry.amounts.push({ currency: t.currency as Currency, amountCents: Number(t.cents) });
    byStatus.set(t.status, entry);
  }
  const last = page.at(-1);
  return {
    items: page.map(toInvoiceSummary),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    totals: (['draft', 'sent', 'overdue', 'paid', 'cancelled'] as const).map((status) => ({
      status,
      count: byStatus.get(status)?.count ?? 0,
      amounts: byStatus.get(status)?.amounts ?? [],
    })),
  };
}

/* --- drafts ------------------------------------------------------------------------------------------- */

/** The lines' amounts and the totals (422 `invoice_total_too_large` past Stripe's ceiling). */
function totalsOf(lines: readonly MoneyLine[]) {
  const totals = computeTotals(lines);
  if (totals.totalCents > MAX_AMOUNT_CENTS) {
    throw new ApiError('invoice_total_too_large', { fields: [{ path: 'lines', key: 'validation.invalid' }] });
  }
  return totals;
}

async function writeLines(
  tx: Tx,
  providerId: string,
  invoiceId: string,
  lines: z.output<typeof InvoiceCreate>['lines'],
  amounts: number[],
) {
  await tx`DELETE FROM invoice_lines WHERE provider_id = ${providerId} AND invoice_id = ${invoiceId}`;
  const rows = lines.map((line, index) => ({
    provider_id: providerId,
    invoice_id: invoiceId,
    position: index + 1,
    description: line.description,
    quantity_milli: line.quantityMilli,
    unit_price_cents: line.unitPriceCents,
    tax_rate_bp: line.taxRateBp,
    amount_cents: amounts[index] ?? 0,
  }));
  if (rows.length > 0) await tx`INSERT INTO invoice_lines ${tx(rows)}`;
}

/** The client (the provider's, else 404) and the project (optional; the same client's, else 422). */
async function checkClientAndProject(
  tx: Tx,
  providerId: string,
  clientId: string,
  projectId: string | null,
): Promise<{ language: Language }> {
  const [client] = await tx<{ language: Language }[]>`
    SELECT language FROM clients WHERE provider_id = ${providerId} AND id = ${clientId} FOR SHARE`;
  if (!client) throw new ApiError('not_found');
  if (projectId) {
    const [project] = await tx<{ client_id: string }[]>`
      SELECT client_id FROM projects WHERE provider_id = ${providerId} AND id = ${projectId} FOR SHARE`;
    if (!project) throw new ApiError('not_found');
    if (project.client_id !== clientId) {
      throw new ApiError('validation_failed', {
        fields: [{ path: 'projectId', key: 'validation.projectInvalid' }],
      });
    }
  }
  return client;
}

/**
 * A new draft: the provider's client (404 otherwise), an optional project of that client, the currency
 * from the profile (else its language), the client's language, the due date from the settings' payment
 * term, lines numbered 1..n with amounts and totals from `computeTotals`; activity `invoice_created`
 * (the provider's only: a draft is not the client's to see).
 */
export async function createInvoice(
  deps: InvoiceDeps,
  scope: ProviderScope,
  input: z.output<typeof InvoiceCreate>,
): Promise<Invoice> {
  const totals = totalsOf(input.lines);
  const { id, seq } = await deps.sql.begin(async (tx) => {
    const client = await checkClientAndProject(tx, scope.providerId, input.clientId, input.projectId);
    const [profile] = await tx<{ preferred_language: Language; currency: string | null }[]>`
      SELECT preferred_language, currency FROM profiles WHERE user_id = ${scope.providerId}`;
    const settings = await settingsOf(tx, scope.providerId);
    const currency =
      input.currency ?? defaultCurrency(profile?.preferred_language ?? 'en', profile?.currency);
    const language = input.language ?? client.language;
    // Omitted: the payment term from today; an explicit null: no due date.
    const dueDate =
      input.dueDate === undefined ? addDays(todayOf(deps.now()), settings.default_due_days) : input.dueDate;
    const now = deps.now();
    const [row] = await tx<{ id: string }[]>`
      INSERT INTO invoices (provider_id, client_id, project_id, number, amount_cents, subtotal_cents, tax_cents,
                            currency, status, description, due_date, language, created_at, updated_at)
      VALUES (${scope.providerId}, ${input.clientId}, ${input.projectId}, NULL, ${totals.totalCents},
              ${totals.subtotalCents}, ${totals.taxCents}, ${currency}, 'draft', ${input.description || null},
              ${dueDate}, ${language}, ${now}, ${now})
      RETURNING id`;
    const invoiceId = (row as { id: string }).id;
    await writeLines(tx, scope.providerId, invoiceId, input.lines, totals.lines);
    const activity = await recordActivity(tx, {
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
  });
  await publishInvoiceActivity(deps, scope.providerId, [seq]);
  return getInvoice(deps.sql, scope, id);
}

/** The provider's invoice locked for the transaction (404 otherwise). */
async function lockInvoice(tx: Tx, providerId: string, invoiceId: string) {
  const [row] = await tx<
    {
      id: string;
      status: InvoiceStatus;
      client_id: string;
      project_id: string | null;
      currency: string;
      amount_cents: string;
      number: string | null;
    }[]
  >`
    SELECT id, status, client_id, project_id, currency::text AS currency, amount_cents::text AS amount_cents, number
    FROM invoices WHERE provider_id = ${providerId} AND id = ${invoiceId} FOR UPDATE`;
  if (!row) throw new ApiError('not_found');
  return row;
}

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
  await deps.sql.begin(async (tx) => {
    const current = await lockInvoice(tx, scope.providerId, invoiceId);
    if (current.status !== 'draft') throw new ApiError('invoice_not_editable');
    const clientId = input.clientId ?? current.client_id;
    const projectId = input.projectId !== undefined ? input.projectId : current.project_id;
    if (input.clientId !== undefined || input.projectId !== undefined) {
      // A project left from the previous client would no longer fit: it goes unless it is the new client's.
      const keepProject =
        input.projectId === undefined && projectId
          ? (
              await tx`SELECT 1 FROM projects WHERE provider_id = ${scope.providerId} AND id = ${projectId}
                         AND client_id = ${clientId}`
            ).length > 0
          : true;
      await checkClientAndProject(tx, scope.providerId, clientId, keepProject ? projectId : null);
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
    if (totals) {
      changes.subtotal_cents = totals.subtotalCents;
      changes.tax_cents = totals.taxCents;
      changes.amount_cents = totals.totalCents;
    }
    await tx`
      UPDATE invoices SET ${tx(changes as never, ...(Object.keys(changes) as never[]))}
      WHERE provider_id = ${scope.providerId} AND id = ${invoiceId}`;
    if (input.lines && totals) await writeLines(tx, scope.providerId, invoiceId, input.lines, totals.lines);
  });
  return getInvoice(deps.sql, scope, invoiceId);
}

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
    const current = await lockInvoice(tx, scope.providerId, invoiceId);
    if (current.status !== 'draft') throw new ApiError('invoice_not_editable');
    await tx`DELETE FROM invoices WHERE provider_id = ${scope.providerId} AND id = ${invoiceId}`;
    await tx`
      DELETE FROM activity_feed
      WHERE provider_id = ${scope.providerId} AND activity_type = 'invoice_created'
        AND metadata->>'invoiceId' = ${invoiceId}`;
  });
}

/* --- sending, status, cancelling ---------------------------------------------------------------------- */

/**
 * Sends a draft, in ONE transaction: the settings row locked, its next number taken and formatted
 * (`INV-0007`), the invoice `sent` with that number and its issue date, the sequence incremented, the
 * `invoice_status` activity row and the client's e-mail job. Concurrent sends of one provider queue on the
 * settings row, so numbers are gapless and unique; a rolled-back send leaves the number to the next one.
 * 409 `invoice_transition_not_allowed` when it is not a draft.
 * The caller then hands the invoice to the payment provider (`deliverSentInvoice`, after the commit).
 * `mailClient: false` (the demo data) sends no e-mail.
 */
export async function sendInvoice(
  deps: InvoiceDeps,
  scope: ProviderScope,
  invoiceId: string,
  opts: { mailClient?: boolean } = {},
): Promise<Invoice> {
  const seq = await deps.sql.begin(async (tx) => {
    const current = await lockInvoice(tx, scope.providerId, invoiceId);
    if (!canTransition(current.status, 'sent')) throw new ApiError('invoice_transition_not_allowed');
    const settings = await lockSettings(tx, scope.providerId);
    const number = formatNumber(settings.number_prefix, settings.next_number);
    const now = deps.now();
    const [row] = await tx<
      {
        id: string;
        number: string;
        client_id: string;
        project_id: string | null;
        amount_cents: string;
        currency: string;
        due_date: string | null;
        language: Language;
      }[]
    >`
      UPDATE invoices SET number = ${number}, status = 'sent', issued_at = ${now}, updated_at = ${now}
      WHERE provider_id = ${scope.providerId} AND id = ${invoiceId} AND status = 'draft'
      RETURNING id, number, client_id, project_id, amount_cents::text AS amount_cents, currency::text AS currency,
                to_char(due_date, 'YYYY-MM-DD') AS due_date, language`;
    if (!row) throw new ApiError('invoice_transition_not_allowed');
    await tx`
      UPDATE invoice_settings SET next_number = next_number + 1, updated_at = now()
      WHERE provider_id = ${scope.providerId}`;
    const activitySeq = await recordInvoiceStatus(
      tx,
      scope.providerId,
      { ...row, from_status: 'draft', status: 'sent' },
      'provider',
    );
    if (opts.mailClient !== false) await queueInvoiceMail(deps, tx, scope.providerId, row);
    return activitySeq;
  });
  await publishInvoiceActivity(deps, scope.providerId, [seq]);
  return getInvoice(deps.sql, scope, invoiceId);
}

/** The client's "new invoice" e-mail, queued in the send's transaction (in the invoice's language). */
async function queueInvoiceMail(
  deps: InvoiceDeps,
  tx: Tx,
  providerId: string,
  invoice: {
    client_id: string;
    number: string;
    amount_cents: string;
    currency: string;
    due_date: string | null;
    language: Language;
  },
) {
  const [to] = await tx<{ email: string; name: string; portal_id: string; sender: string | null }[]>`
    SELECT c.email, c.name, c.portal_id,
           coalesce(nullif(pr.business_name, ''), nullif(pr.full_name, '')) AS sender
    FROM clients c LEFT JOIN profiles pr ON pr.user_id = c.provider_id
    WHERE c.provider_id = ${providerId} AND c.id = ${invoice.client_id}`;
  if (!to) return;
  await deps.mailer.queue(
    tx,
    invoiceSentMail({
      to: to.email,
      name: to.name,
      lang: invoice.language,
      sender: to.sender ?? '',
      number: invoice.number,
      amountCents: Number(invoice.amount_cents),
      currency: invoice.currency.trim(),
      dueDate: invoice.due_date,
      link: `${deps.config.publicOrigin}/portal/${to.portal_id}/invoices`,
    }),
  );
}

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
    const current = await lockInvoice(tx, scope.providerId, invoiceId);
    if (!canTransition(current.status, input.status)) throw new ApiError('invoice_transition_not_allowed');
    const changed =
      input.status === 'paid'
        ? await markInvoicePaid(tx, scope.providerId, invoiceId, {
            // Today: now; an earlier day: its midday UTC, the same calendar day in every time zone we serve.
            paidAt:
              !input.paidDate || input.paidDate === today ? now : new Date(`${input.paidDate}T12:00:00Z`),
            via: 'manual',
            actor: 'provider',
            activitySeqs: seqs,
          })
        : await markInvoiceOverdue(tx, scope.providerId, invoiceId, {
            actor: 'provider',
            activitySeqs: seqs,
          });
    if (!changed) throw new ApiError('invoice_transition_not_allowed');
  });
  await publishInvoiceActivity(deps, scope.providerId, seqs);
  return getInvoice(deps.sql, scope, invoiceId);
}

/**
 * Cancels a sent or overdue invoice (409 `invoice_transition_not_allowed` otherwise: a draft is deleted,
 * paid and cancelled are final): a credit note with the next number of its own sequence (taken under the
 * settings row's lock, gapless like invoice numbers) for the invoice's amount, the reason, the status
 * `cancelled` and its activity row, in one transaction.
 */
export async function cancelInvoice(
  deps: InvoiceDeps,
  scope: ProviderScope,
  invoiceId: string,
  input: z.output<typeof InvoiceCancel>,
): Promise<Invoice> {
  const seq = await deps.sql.begin(async (tx) => {
    const current = await lockInvoice(tx, scope.providerId, invoiceId);
    if (!canTransition(current.status, 'cancelled')) throw new ApiError('invoice_transition_not_allowed');
    const settings = await lockSettings(tx, scope.providerId);
    const number = formatNumber(settings.credit_note_prefix, settings.next_credit_note_number);
    const now = deps.now();
    const [row] = await tx<{ id: string }[]>`
      UPDATE invoices SET status = 'cancelled', cancelled_at = ${now}, updated_at = ${now}
      WHERE provider_id = ${scope.providerId} AND id = ${invoiceId} AND status IN ('sent', 'overdue')
      RETURNING id`;
    if (!row) throw new ApiError('invoice_transition_not_allowed');
    await tx`
      INSERT INTO credit_notes (provider_id, invoice_id, number, reason, amount_cents, created_at)
      VALUES (${scope.providerId}, ${invoiceId}, ${number}, ${input.reason || null}, ${current.amount_cents}, ${now})`;
    await tx`
      UPDATE invoice_settings SET next_credit_note_number = next_credit_note_number + 1, updated_at = now()
      WHERE provider_id = ${scope.providerId}`;
    return recordInvoiceStatus(
      tx,
      scope.providerId,
      { ...current, from_status: current.status, status: 'cancelled' },
      'provider',
      { creditNoteNumber: number },
    );
  });
  await publishInvoiceActivity(deps, scope.providerId, [seq]);
  return getInvoice(deps.sql, scope, invoiceId);
}
