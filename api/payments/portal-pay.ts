import type Stripe from 'stripe';
import type { ClientScope } from '../auth/scope';
import { tenant } from '../auth/scope';
import type { AppDeps } from '../http/context';
import { ApiError } from '../http/errors';
import { activeConnection } from './connection';
import { stripeClient, stripeFailure } from './stripe-client';
import { stripeCustomerFor } from './stripe-invoices';
import { queueStripeClose } from './stripe-jobs';

/*
 * The portal's pay button (issue 21): a Stripe Checkout Session in the provider's account for one open
 * invoice of the signed-in client. The client's own invoices only (another client's, or a draft, is 404);
 * the amount (the balance due: the total less partial payments) and currency come from our invoice row,
 * never from the request. An open session of the
 * invoice is reused (two clicks, two tabs: one session); every session is stored
 * (`stripe_checkout_sessions`) so closing the invoice can expire it; the webhook
 * `checkout.session.completed` marks the invoice paid, or refunds a payment that came after it closed
 * (webhooks.ts).
 */

type Deps = Pick<AppDeps, 'config' | 'sql' | 'log' | 'now' | 'jobs'>;

interface PayRow {
  id: string;
  number: string | null;
  status: string;
  currency: string;
  amount_cents: string;
  paid_cents: string;
  client_id: string;
  stripe_checkout_session_id: string | null;
  /** Our record of the stored session: 'complete' once its payment was applied by the webhook. */
  session_status: string | null;
  client_name: string;
  client_email: string;
  client_company: string | null;
  client_language: string;
  custom_domain: string | null;
  domain_status: string;
}

/**
 * The origin the client's portal is served from: its verified custom domain (https, behind the TLS proxy),
 * else the platform's. Taken from the portal's row, never from the request (an Origin header would make
 * the success page an open redirect).
 */
export function portalOrigin(
  config: AppDeps['config'],
  portal: { custom_domain: string | null; domain_status: string },
): string {
  return portal.custom_domain && portal.domain_status === 'verified'
    ? `https://${portal.custom_domain}`
    : config.publicOrigin;
}

/**
 * Stores a new session with its invoice, under the invoice's lock: the close job expires every stored
 * session still open, so a session made while the provider cancelled (or a payment marked the invoice
 * paid) is stored all the same and closed again, and the client is told the invoice is not payable.
 * @returns whether the invoice was still payable (the session may be offered)
 */
async function keepSession(
  deps: Deps,
  providerId: string,
  invoice: PayRow,
  session: Stripe.Checkout.Session,
  accountId: string,
): Promise<boolean> {
  return deps.sql.begin(async (tx) => {
    const [current] = await tx<{ status: string }[]>`
      SELECT status FROM invoices WHERE provider_id = ${providerId} AND id = ${invoice.id} FOR UPDATE`;
    await tx`
      INSERT INTO stripe_checkout_sessions (session_id, provider_id, invoice_id, account_id, amount_cents, currency,
                                            expires_at)
      VALUES (${session.id}, ${providerId}, ${invoice.id}, ${accountId}, ${session.amount_total ?? 0},
              ${session.currency ?? invoice.currency.toLowerCase()}, ${new Date(session.expires_at * 1000)})
      ON CONFLICT (session_id) DO NOTHING`;
    if (current?.status !== 'sent' && current?.status !== 'overdue') {
      await queueStripeClose(tx, deps.jobs, providerId, invoice.id);
      return false;
    }
    await tx`
      UPDATE invoices SET stripe_checkout_session_id = ${session.id}, updated_at = now()
      WHERE provider_id = ${providerId} AND id = ${invoice.id}
        AND stripe_checkout_session_id IS NOT DISTINCT FROM ${invoice.stripe_checkout_session_id}`;
    return true;
  });
}

/** A Checkout URL for paying the invoice (see the file comment for the rules). */
export async function checkoutForInvoice(
  deps: Deps,
  scope: ClientScope,
  invoiceId: string,
): Promise<{ url: string }> {
  const [invoice] = await deps.sql<PayRow[]>`
    SELECT i.id, i.number, i.status, i.currency, i.amount_cents, i.paid_cents, i.client_id, i.stripe_checkout_session_id,
           (SELECT s.status FROM stripe_checkout_sessions s
            WHERE s.provider_id = i.provider_id AND s.session_id = i.stripe_checkout_session_id) AS session_status,
           c.name AS client_name, c.email AS client_email, c.company AS client_company,
           c.language AS client_language, p.custom_domain, p.domain_status
    FROM invoices i
    JOIN clients c ON c.provider_id = i.provider_id AND c.id = i.client_id
    JOIN client_portals p ON p.provider_id = c.provider_id AND p.id = c.portal_id
    WHERE ${tenant(deps.sql, scope, { provider: 'i.provider_id', client: 'i.client_id' })}
      AND p.id = ${scope.portalId} AND i.id = ${invoiceId} AND i.status <> 'draft'`;
  if (!invoice) throw new ApiError('not_found');
  if (invoice.status !== 'sent' && invoice.status !== 'overdue') throw new ApiError('invoice_not_payable');
  const connection = await activeConnection(deps, deps.sql, scope.providerId).catch((err) => {
    deps.log.error({ err }, 'stored Stripe secrets unreadable');
    return null;
  });
  if (!connection) throw new ApiError('stripe_not_connected');
  const stripe = stripeClient(deps.config, connection.secretKey);
  // The balance due (issue 28): what partial payments left of the total.
  const amount = Number(invoice.amount_cents) - Number(invoice.paid_cents);
  if (amount <= 0) throw new ApiError('invoice_not_payable');
  const currency = invoice.currency.toLowerCase();
  try {
    if (invoice.stripe_checkout_session_id) {
      const open = await stripe.checkout.sessions
        .retrieve(invoice.stripe_checkout_session_id)
        .catch((err) => {
          if (stripeFailure(err) === 'invalid') return null; // another account's session, or gone
          throw err;
        });
      // Paid, and the webhook is on its way (once it applied a partial payment, a new session takes the rest).
      if (open?.status === 'complete' && invoice.session_status !== 'complete')
        throw new ApiError('invoice_not_payable');
      const soon = Math.floor(deps.now().getTime() / 1000) + 60;
      if (
        open?.status === 'open' &&
        open.url &&
        open.expires_at > soon &&
        open.amount_total === amount &&
        open.currency === currency
      )
        return { url: open.url };
    }
    const customer = await stripeCustomerFor(deps, stripe, connection, {
      id: invoice.client_id,
      name: invoice.client_name,
      email: invoice.client_email,
      company: invoice.client_company,
      language: invoice.client_language,
    });
    const origin = portalOrigin(deps.config, invoice);
    const portal = `${origin}/portal/${scope.portalId}`;
    const metadata = { provider_id: scope.providerId, invoice_id: invoice.id };
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        customer,
        client_reference_id: invoice.id,
        locale: invoice.client_language === 'de' ? 'de' : 'en',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency,
              unit_amount: amount,
              product_data: { name: `Invoice ${invoice.number ?? ''}`.trim() },
            },
          },
        ],
        metadata,
        payment_intent_data: { metadata },
        success_url: `${portal}/payment-success?invoice=${invoice.id}`,
        cancel_url: `${portal}/invoices`,
      },
      // Two clicks at once get one session; a new one only after the stored one ended.
      {
        idempotencyKey: `checkout:${invoice.id}:${connection.accountId}:after:${invoice.stripe_checkout_session_id ?? 'none'}:${amount}`,
      },
    );
    if (!session.url) throw new ApiError('stripe_unavailable');
    if (!(await keepSession(deps, scope.providerId, invoice, session, connection.accountId)))
      throw new ApiError('invoice_not_payable');
    return { url: session.url };
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const failure = stripeFailure(err);
    if (failure === 'other') throw err;
    deps.log.warn({ err, invoiceId }, 'Stripe Checkout for an invoice failed');
    // The provider's key no longer works, or Stripe is away: either way the client cannot pay by card now.
    throw new ApiError('stripe_unavailable', { cause: err });
  }
}
