import type Stripe from 'stripe';
import { computeTotals, formatQuantity } from '../../shared/contracts/money';
import type { Sql } from '../db/client';
import type { AppDeps } from '../http/context';
import { isLastAttempt } from '../jobs/backoff';
import { type ActiveConnection, activeConnection } from './connection';
import { isStripeError, stripeClient, stripeFailure } from './stripe-client';
import { publishSeqs, queueStripeClose, queueStripeCredits, recordStripeEvent } from './stripe-jobs';

/*
 * Sending an invoice through the provider's Stripe account (issue 21): the client's Stripe customer
 * (created once per client and account, `stripe_customers`), a draft invoice, one invoice item per line
 * (its net amount; a quantity other than 1 is written into the description, "1.5 × 80.00") and one per
 * tax group, then finalised and sent. Stripe's total must equal ours to the cent, checked before
 * finalising: a draft with another total is never finalised. Every call carries an idempotency key made
 * of the invoice id and the step, so a retry of the `stripe_push_invoice` job (enqueued in the send's
 * transaction, `stripe-jobs.ts`) repeats nothing in Stripe; the Stripe invoice id is stored as soon as it
 * exists, so a retry after Stripe's 24 h idempotency window continues with that invoice instead of making
 * another one. Our invoice is re-read before finalising: one cancelled or paid meanwhile is never
 * finalised in Stripe.
 */

type Deps = Pick<AppDeps, 'config' | 'sql' | 'log' | 'jobs' | 'pubsub'>;

interface InvoiceRow {
  id: string;
  provider_id: string;
  client_id: string;
  number: string | null;
  status: string;
  currency: string;
  language: 'en' | 'de';
  description: string | null;
  due_date: string | null;
  issued_at: Date | null;
  amount_cents: string;
  subtotal_cents: string;
  tax_cents: string;
  stripe_invoice_id: string | null;
  stripe_account_id: string | null;
  stripe_hosted_url: string | null;
  client_name: string;
  client_email: string;
  client_company: string | null;
  client_language: string | null;
}

interface LineRow {
  position: number;
  description: string;
  quantity_milli: string;
  unit_price_cents: string;
  tax_rate_bp: number | null;
  amount_cents: string;
}

/** 2 decimals from integer cents, without floating point ("80.00", "1234.05"). */
export const plainAmount = (cents: number) =>
  `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;

const rateText = (bp: number) => {
  const whole = Math.trunc(bp / 100);
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
};

/** The invoice items for our invoice: one per line (net), one per tax group. */
export function stripeItemsFor(
  lines: readonly LineRow[],
  language: 'en' | 'de',
): { description: string; amount: number; key: string }[] {
  const money = lines.map((l) => ({
    quantityMilli: Number(l.quantity_milli),
    unitPriceCents: Number(l.unit_price_cents),
    taxRateBp: l.tax_rate_bp,
  }));
  const totals = computeTotals(money);
  const items = lines.map((line, index) => {
    const quantity = Number(line.quantity_milli);
    const detail =
      quantity === 1000
        ? ''
        : ` (${formatQuantity(quantity)} × ${plainAmount(Number(line.unit_price_cents))})`;
    return {
      description: `${line.description}${detail}`.slice(0, 500),
      amount: totals.lines[index] ?? 0,
      key: `line-${line.position}`,
    };
  });
  for (const tax of totals.taxes)
    items.push({
      description:
        language === 'de'
          ? `USt. ${rateText(tax.rateBp).replace('.', ',')} % auf ${plainAmount(tax.netCents).replace('.', ',')}`
          : `Tax ${rateText(tax.rateBp)}% on ${plainAmount(tax.netCents)}`,
      amount: tax.taxCents,
      key: `tax-${tax.rateBp}`,
    });
  return items;
}

/** Days from today (UTC) to the due date, at least 0; 14 without one. */
export function daysUntilDue(dueDate: string | null, now: Date): number {
  if (!dueDate) return 14;
  const due = Date.parse(`${dueDate}T00:00:00Z`);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.max(0, Math.round((due - today) / 86_400_000));
}

async function loadInvoice(sql: Sql, providerId: string, invoiceId: string) {
  const [invoice] = await sql<InvoiceRow[]>`
    SELECT i.id, i.provider_id, i.client_id, i.number, i.status, i.currency, i.language, i.description,
           i.due_date::text AS due_date, i.issued_at, i.amount_cents, i.subtotal_cents, i.tax_cents,
           i.stripe_invoice_id, i.stripe_account_id, i.stripe_hosted_url,
           c.name AS client_name, c.email AS client_email, c.company AS client_company,
           c.language AS client_language
    FROM invoices i JOIN clients c ON c.provider_id = i.provider_id AND c.id = i.client_id
    WHERE i.provider_id = ${providerId} AND i.id = ${invoiceId}`;
  if (!invoice) return null;
  const lines = await sql<LineRow[]>`
    SELECT position, description, quantity_milli, unit_price_cents, tax_rate_bp, amount_cents
    FROM invoice_lines WHERE provider_id = ${providerId} AND invoice_id = ${invoiceId} ORDER BY position`;
  return { invoice, lines };
}

/**
 * The client's Stripe customer in the connected account: the stored one, or a new one (stored at once;
 * the idempotency key makes a concurrent or repeated creation return the same customer).
 */
export async function stripeCustomerFor(
  deps: Pick<AppDeps, 'sql'>,
  stripe: Stripe,
  connection: Pick<ActiveConnection, 'providerId' | 'accountId'>,
  client: { id: string; name: string; email: string; company: string | null; language: string | null },
): Promise<string> {
  const [stored] = await deps.sql<{ customer_id: string }[]>`
    SELECT customer_id FROM stripe_customers
    WHERE provider_id = ${connection.providerId} AND client_id = ${client.id} AND account_id = ${connection.accountId}`;
  if (stored) return stored.customer_id;
  const customer = await stripe.customers.create(
    {
      name: client.company ? `${client.name} (${client.company})` : client.name,
      email: client.email,
      ...(client.language ? { preferred_locales: [client.language] } : {}),
      metadata: { provider_id: connection.providerId, client_id: client.id },
    },
    { idempotencyKey: `customer:${connection.providerId}:${client.id}:${connection.accountId}` },
  );
  const [row] = await deps.sql<{ customer_id: string }[]>`
    INSERT INTO stripe_customers (provider_id, client_id, account_id, customer_id)
    VALUES (${connection.providerId}, ${client.id}, ${connection.accountId}, ${customer.id})
    ON CONFLICT (provider_id, client_id, account_id) DO UPDATE SET customer_id = stripe_customers.customer_id
    RETURNING customer_id`;
  return row?.customer_id ?? customer.id;
}

/** Thrown when Stripe's draft does not add up to our total: nothing is finalised. */
export class StripeTotalMismatch extends Error {
  constructor(
    readonly ours: number,
    readonly theirs: number,
  ) {
    super(`Stripe's invoice total ${theirs} differs from ours ${ours}`);
  }
}

/** How a push attempt ended (`stripe_push_invoice` throws on `retry`, so the queue tries again). */
export type PushOutcome =
  | { outcome: 'sent' }
  | { outcome: 'skipped'; why: 'closed' | 'not_connected' | 'not_found' }
  | { outcome: 'failed'; code: PushErrorCode }
  | { outcome: 'retry'; code: PushErrorCode; error: unknown };

/** Why a push failed, as the invoice's `stripe.error` says it (an error code of the API's vocabulary). */
export type PushErrorCode =
  | 'stripe_unavailable'
  | 'stripe_key_invalid'
  | 'stripe_total_mismatch'
  | 'stripe_account_changed';

/**
 * One attempt of the `stripe_push_invoice` job: creates, finalises and sends the invoice in the provider's
 * Stripe account and stores its Stripe id, hosted page and PDF, then records how it went on the invoice
 * (`stripe_push_state`, `stripe_push_error`). Safe to run again at any point (each Stripe call is keyed;
 * a finished push is a no-op). A Stripe failure is `retry` until the delivery rule's last attempt
 * (`attempt`), then `failed` with a notification to the provider; a failure no retry heals (Stripe's
 * total differs from ours, the invoice was started in another account, the stored key cannot be read) is
 * `failed` at once. An invoice closed before it ran (cancelled, paid) is `skipped`; whatever of it already
 * exists in Stripe is left to the close job, queued again here.
 * @example const result = await pushInvoiceToStripe(deps, providerId, invoiceId, { attempt: 1, maxAttempts: 12 })
 */
export async function pushInvoiceToStripe(
  deps: Deps,
  providerId: string,
  invoiceId: string,
  attempt: { attempt: number; maxAttempts: number },
  opts: { now?: Date } = {},
): Promise<PushOutcome> {
  const result = await attemptPush(deps, providerId, invoiceId, opts.now ?? new Date());
  const seqs: (number | null)[] = [];
  const final = result.outcome === 'retry' && isLastAttempt(attempt) ? toFailed(result) : result;
  await deps.sql.begin(async (tx) => {
    const state =
      final.outcome === 'retry'
        ? 'pending'
        : final.outcome === 'sent'
          ? 'sent'
          : final.outcome === 'failed'
            ? 'failed'
            : 'skipped';
    const code = final.outcome === 'retry' || final.outcome === 'failed' ? final.code : null;
    if (final.outcome === 'skipped' && final.why === 'not_found') return;
    await tx`
      UPDATE invoices SET stripe_push_state = ${state}, stripe_push_error = ${code}, updated_at = now()
      WHERE provider_id = ${providerId} AND id = ${invoiceId}`;
    if (final.outcome === 'failed')
      seqs.push(
        await recordStripeEvent(tx, deps.jobs, providerId, invoiceId, 'stripe_push_failed', { code }),
      );
    // Closed while the push ran (or before it): whatever it made in Stripe must be closed too.
    if (final.outcome === 'sent' || (final.outcome === 'skipped' && final.why === 'closed')) {
      const [closed] = await tx`
        SELECT 1 FROM invoices
        WHERE provider_id = ${providerId} AND id = ${invoiceId} AND status NOT IN ('sent', 'overdue')
          AND stripe_invoice_id IS NOT NULL`;
      if (closed) await queueStripeClose(tx, deps.jobs, providerId, invoiceId);
    }
    // Payments recorded by hand before the Stripe invoice was open: credited on it now (issue 28), so it
    // asks for the balance.
    if (final.outcome === 'sent') {
      const [byHand] = await tx`
        SELECT 1 FROM invoice_payments
        WHERE provider_id = ${providerId} AND invoice_id = ${invoiceId} AND source = 'manual' LIMIT 1`;
      if (byHand) await queueStripeCredits(tx, deps.jobs, providerId, invoiceId);
    }
  });
  await publishSeqs(deps, providerId, seqs);
  return final;
}

function toFailed(result: Extract<PushOutcome, { outcome: 'retry' }>): PushOutcome {
  return { outcome: 'failed', code: result.code };
}

async function attemptPush(
  deps: Deps,
  providerId: string,
  invoiceId: string,
  now: Date,
): Promise<PushOutcome> {
  let connection: ActiveConnection | null;
  try {
    connection = await activeConnection(deps, deps.sql, providerId);
  } catch (err) {
    // The stored secrets cannot be read (PAYMENT_SECRETS_KEY missing or changed): the provider connects
    // again; retrying would not help.
    deps.log.error({ err, invoiceId }, 'stored Stripe secrets unreadable; invoice not pushed');
    return { outcome: 'failed', code: 'stripe_key_invalid' };
  }
  if (!connection) return { outcome: 'skipped', why: 'not_connected' };
  try {
    await push(deps, connection, providerId, invoiceId, now);
    return { outcome: 'sent' };
  } catch (err) {
    if (err instanceof PushRefused) {
      if (err.why === 'account') return { outcome: 'failed', code: 'stripe_account_changed' };
      return { outcome: 'skipped', why: err.why };
    }
    if (err instanceof StripeTotalMismatch) return { outcome: 'failed', code: 'stripe_total_mismatch' };
    if (!isStripeError(err)) throw err;
    deps.log.warn({ err, invoiceId }, 'pushing the invoice to Stripe failed');
    const code = stripeFailure(err) === 'auth' ? 'stripe_key_invalid' : 'stripe_unavailable';
    return { outcome: 'retry', code, error: err };
  }
}

/** A push that cannot go on: the invoice is closed (or a draft, or gone), or was started in another account. */
export class PushRefused extends Error {
  constructor(readonly why: 'closed' | 'not_found' | 'account') {
    super(`invoice push refused: ${why}`);
  }
}

/** Whether our invoice is still open for payment (re-read between Stripe steps: a close may come meanwhile). */
async function stillPayable(sql: Sql, providerId: string, invoiceId: string): Promise<boolean> {
  const [row] = await sql<{ status: string }[]>`
    SELECT status FROM invoices WHERE provider_id = ${providerId} AND id = ${invoiceId}`;
  return row?.status === 'sent' || row?.status === 'overdue';
}

async function push(
  deps: Deps,
  connection: ActiveConnection,
  providerId: string,
  invoiceId: string,
  now: Date,
) {
  const loaded = await loadInvoice(deps.sql, providerId, invoiceId);
  if (!loaded || loaded.invoice.number === null) throw new PushRefused('not_found');
  const { invoice, lines } = loaded;
  if (invoice.stripe_hosted_url) return; // finished earlier
  if (invoice.status !== 'sent' && invoice.status !== 'overdue') throw new PushRefused('closed');
  if (invoice.stripe_account_id && invoice.stripe_account_id !== connection.accountId)
    throw new PushRefused('account');
  // One request per call: the job's retries are the delivery rule's (api/jobs/backoff.ts).
  const stripe = stripeClient(deps.config, connection.secretKey, { retries: 0 });
  const key = (step: string) => `invoice:${invoice.id}:${connection.accountId}:${step}`;
  const ours = Number(invoice.amount_cents);

  let draft: Stripe.Invoice;
  if (invoice.stripe_invoice_id) {
    draft = await stripe.invoices.retrieve(invoice.stripe_invoice_id);
  } else {
    const customer = await stripeCustomerFor(deps, stripe, connection, {
      id: invoice.client_id,
      name: invoice.client_name,
      email: invoice.client_email,
      company: invoice.client_company,
      language: invoice.client_language ?? invoice.language,
    });
    draft = await stripe.invoices.create(
      {
        customer,
        currency: invoice.currency.toLowerCase(),
        collection_method: 'send_invoice',
        days_until_due: daysUntilDue(invoice.due_date, now),
        auto_advance: false,
        pending_invoice_items_behavior: 'exclude',
        description: invoice.description ?? `Invoice ${invoice.number}`,
        metadata: { provider_id: providerId, invoice_id: invoice.id, number: invoice.number },
      },
      { idempotencyKey: key('create') },
    );
    // Stored at once: a later retry continues with this invoice whatever Stripe's idempotency remembers.
    await deps.sql`
      UPDATE invoices SET stripe_invoice_id = ${draft.id}, stripe_account_id = ${connection.accountId},
                          stripe_invoice_status = 'draft', updated_at = now()
      WHERE provider_id = ${providerId} AND id = ${invoice.id} AND stripe_invoice_id IS NULL`;
  }

  if (draft.status === 'draft') {
    const customer = typeof draft.customer === 'string' ? draft.customer : (draft.customer?.id ?? '');
    for (const item of stripeItemsFor(lines, invoice.language)) {
      await stripe.invoiceItems.create(
        {
          customer,
          invoice: draft.id,
          amount: item.amount,
          currency: invoice.currency.toLowerCase(),
          description: item.description,
          metadata: { invoice_id: invoice.id, item: item.key },
        },
        { idempotencyKey: key(`item:${item.key}`) },
      );
    }
    draft = await stripe.invoices.retrieve(draft.id);
    if (draft.total !== ours || draft.currency !== invoice.currency.toLowerCase()) {
      deps.log.error({ invoiceId, ours, theirs: draft.total }, 'Stripe invoice total differs; not finalised');
      throw new StripeTotalMismatch(ours, draft.total);
    }
    // Cancelled or paid while the items went in: a draft is never finalised then (the close job deletes it).
    if (!(await stillPayable(deps.sql, providerId, invoiceId))) throw new PushRefused('closed');
    draft = await stripe.invoices.finalizeInvoice(
      draft.id,
      { auto_advance: false },
      { idempotencyKey: key('finalize') },
    );
  }
  if (draft.status === 'open')
    draft = await stripe.invoices.sendInvoice(draft.id, {}, { idempotencyKey: key('send') });
  if (draft.total !== ours) throw new StripeTotalMismatch(ours, draft.total);
  await deps.sql`
    UPDATE invoices SET stripe_invoice_id = ${draft.id}, stripe_account_id = ${connection.accountId},
                        stripe_hosted_url = ${draft.hosted_invoice_url ?? null},
                        stripe_pdf_url = ${draft.invoice_pdf ?? null}, stripe_invoice_status = ${draft.status},
                        updated_at = now()
    WHERE provider_id = ${providerId} AND id = ${invoice.id}`;
}
