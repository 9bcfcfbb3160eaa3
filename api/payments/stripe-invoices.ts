import type Stripe from 'stripe';
import type { InvoiceSent } from '../../shared/contracts/invoices';
import { computeTotals, formatQuantity } from '../../shared/contracts/money';
import type { Sql } from '../db/client';
import type { AppDeps } from '../http/context';
import { type Lang, translate } from '../http/i18n';
import { type ActiveConnection, activeConnection } from './connection';
import { isStripeError, stripeClient, stripeFailure } from './stripe-client';

/*
 * Sending an invoice through the provider's Stripe account (issue 21): the client's Stripe customer
 * (created once per client and account, `stripe_customers`), a draft invoice, one invoice item per line
 * (its net amount; a quantity other than 1 is written into the description, "1.5 × 80.00") and one per
 * tax group, then finalised and sent. Stripe's total must equal ours to the cent, checked before
 * finalising: a draft with another total is never finalised. Every call carries an idempotency key made
 * of the invoice id and the step, so a retry (the SDK's own, or the `stripe_push_invoice` job's) repeats
 * nothing in Stripe; the Stripe invoice id is stored as soon as it exists, so a retry after Stripe's 24 h
 * idempotency window continues with that invoice instead of making another one.
 */

/** What sending reports about Stripe (`InvoiceSent.payment`). */
export type StripePushResult = InvoiceSent['payment'];

type Deps = Pick<AppDeps, 'config' | 'sql' | 'log' | 'jobs'> & { lang?: Lang };

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

/**
 * Creates, finalises and sends the invoice in the provider's Stripe account and stores its Stripe id,
 * hosted page and PDF. Safe to call again at any point (each step is keyed; a finished push is a no-op).
 * Never throws for Stripe's failures: `{ status: 'failed', message }` (translated), with a
 * `stripe_push_invoice` job queued to retry with backoff. Without a connection:
 * `{ provider: 'none', status: 'not_connected' }`.
 * @example const payment = await pushInvoiceToStripe({ ...deps, lang }, providerId, invoiceId)
 */
export async function pushInvoiceToStripe(
  deps: Deps,
  providerId: string,
  invoiceId: string,
  opts: { retryOnFailure?: boolean; now?: Date } = {},
): Promise<StripePushResult> {
  const lang = deps.lang ?? 'en';
  try {
    let connection: ActiveConnection | null;
    try {
      connection = await activeConnection(deps, deps.sql, providerId);
    } catch (err) {
      // The stored secrets cannot be read (PAYMENT_SECRETS_KEY missing or changed): the provider connects
      // again; retrying would not help.
      deps.log.error({ err, invoiceId }, 'stored Stripe secrets unreadable; invoice not pushed');
      return { provider: 'stripe', status: 'failed', message: translate(lang, 'errors.stripe_key_invalid') };
    }
    if (!connection) return { provider: 'none', status: 'not_connected', message: null };
    await push(deps, connection, providerId, invoiceId, opts.now ?? new Date());
    return { provider: 'stripe', status: 'sent', message: null };
  } catch (err) {
    if (!isStripeError(err) && !(err instanceof StripeTotalMismatch) && !(err instanceof PushRefused))
      throw err;
    deps.log.warn({ err, invoiceId }, 'pushing the invoice to Stripe failed');
    if (opts.retryOnFailure !== false && !(err instanceof PushRefused))
      await deps.jobs.enqueue(
        deps.sql,
        'stripe_push_invoice',
        { providerId, invoiceId },
        {
          jobKey: `stripe-push:${invoiceId}`,
          runAt: new Date(Date.now() + 30_000),
        },
      );
    const code = stripeFailure(err) === 'auth' ? 'stripe_key_invalid' : 'stripe_unavailable';
    return { provider: 'stripe', status: 'failed', message: translate(lang, `errors.${code}`) };
  }
}

/** A push that can never succeed as things stand (the invoice is a draft, gone, or in another account). */
export class PushRefused extends Error {}

async function push(
  deps: Deps,
  connection: ActiveConnection,
  providerId: string,
  invoiceId: string,
  now: Date,
) {
  const loaded = await loadInvoice(deps.sql, providerId, invoiceId);
  if (!loaded) throw new PushRefused('invoice not found');
  const { invoice, lines } = loaded;
  if (invoice.stripe_hosted_url) return; // finished earlier
  if (invoice.status === 'draft' || invoice.status === 'cancelled' || invoice.number === null)
    throw new PushRefused(`invoice is ${invoice.status}`);
  if (invoice.stripe_account_id && invoice.stripe_account_id !== connection.accountId)
    throw new PushRefused('the invoice was started in another Stripe account');
  const stripe = stripeClient(deps.config, connection.secretKey);
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
                          updated_at = now()
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
                        stripe_pdf_url = ${draft.invoice_pdf ?? null}, updated_at = now()
    WHERE provider_id = ${providerId} AND id = ${invoice.id}`;
}
