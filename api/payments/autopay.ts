import Stripe from 'stripe';
import { type InvoiceStatus, isPayable } from '../../shared/contracts/invoices';
import { actingFor, type ClientScope, ownedBy, type ProviderScope, tenant } from '../auth/scope';
import type { Tx } from '../db/client';
import { ApiError } from '../http/errors';
import type { Lang } from '../http/i18n';
import { isLastAttempt } from '../jobs/backoff';
import type { JobQueue } from '../jobs/queue';
import { autopayReceiptMail } from '../mail/templates/autopay-receipt';
import { recordActivity } from '../services/activity/record-activity';
import { type InvoiceDeps, publishInvoiceActivity } from '../services/invoices/deps';
import { xrechnungAttachment } from '../services/invoices/einvoice/file';
import { applyInvoicePayment } from '../services/invoices/payments';
import { deliverSentInvoice } from '../services/invoices/send-invoice';
import { activeConnection } from './connection';
import { portalOrigin } from './portal-pay';
import { stripeClient, stripeFailure } from './stripe-client';
import { stripeCustomerFor } from './stripe-invoices';
import { recordLatePayment } from './stripe-jobs';

/*
 * Automatic payment of recurring invoices (issue 28), Stripe's own off-session flow in the provider's
 * connected account (their key):
 *   1. The client agrees in the portal: `startAutopaySetup` makes a Checkout Session in `mode: 'setup'` for
 *      the client's Stripe customer (`stripe_customers`, reused), stored in `autopay_setup_sessions` with who
 *      asked and from which address; Stripe returns the client to the portal.
 *   2. `checkout.session.completed` (setup) for a session we stored for this account: `applyAutopaySetup`
 *      records the agreement (payment method, card brand/last4 for display, who, when, from where); an
 *      earlier one of the schedule is replaced. The client withdraws it in the portal (`withdrawAutopay`).
 *   3. The recurring job sends a period's invoice WITHOUT e-mail or Stripe push when the schedule offers
 *      autopay and has an agreement in force for the connected account (`holdForAutopay`: an
 *      `autopay_charges` row `pending` + the `charge_autopay_invoice` job, in the send's transaction).
 *   4. The job (`chargeAutopayInvoice`) creates ONE PaymentIntent (`customer`, `payment_method`,
 *      `off_session`, `confirm`; idempotency key per invoice, account and amount). Success is applied through
 *      `applyAutopayIntent`, from the job's answer or from `payment_intent.succeeded`, whichever comes first:
 *      the charge row locked, the payment row `(account, pi_…)` written once. A decline
 *      (`card_declined`), `authentication_required`, a withdrawn agreement or a lost connection fall back to
 *      "sent to pay" (`deliverSentInvoice`: the e-mail with the pay link, the Stripe push) once, the charge row
 *      `failed` with the reason, shown on the schedule.
 */

type Deps = InvoiceDeps;

/** Why an automatic charge did not pay the invoice (shown on the schedule). */
export type AutopayFailure =
  | 'authentication_required'
  | 'card_declined'
  | 'autopay_withdrawn'
  | 'stripe_not_connected'
  | 'stripe_unavailable'
  | 'invoice_not_payable';

interface SetupScheduleRow {
  id: string;
  autopay: boolean;
  status: string;
  next_date: string | null;
  client_id: string;
  currency: string;
  client_name: string;
  client_email: string;
  client_company: string | null;
  client_language: string;
  custom_domain: string | null;
  domain_status: string;
  last_session: string | null;
  sessions: number;
}

/**
 * The client agrees to automatic payment of one of their schedules: a Checkout URL in setup mode. 404 for
 * another client's schedule, 409 `autopay_not_offered` unless the provider offers it on a running schedule,
 * 409 `stripe_not_connected`, 502 `stripe_unavailable`. An open session of the schedule is reused.
 */
export async function startAutopaySetup(
  deps: Deps,
  scope: ClientScope,
  recurringInvoiceId: string,
  ip: string,
): Promise<{ url: string }> {
  const [row] = await deps.sql<SetupScheduleRow[]>`
    SELECT r.id, r.autopay, r.status, to_char(r.next_date, 'YYYY-MM-DD') AS next_date, r.client_id, r.currency,
           c.name AS client_name, c.email AS client_email, c.company AS client_company,
           c.language AS client_language, p.custom_domain, p.domain_status,
           (SELECT s.session_id FROM autopay_setup_sessions s
            WHERE s.provider_id = r.provider_id AND s.recurring_invoice_id = r.id
            ORDER BY s.requested_at DESC, s.session_id LIMIT 1) AS last_session,
           (SELECT count(*)::int FROM autopay_setup_sessions s
            WHERE s.provider_id = r.provider_id AND s.recurring_invoice_id = r.id) AS sessions
    FROM recurring_invoices r
    JOIN clients c ON c.provider_id = r.provider_id AND c.id = r.client_id
    JOIN client_portals p ON p.provider_id = c.provider_id AND p.id = c.portal_id
    WHERE ${tenant(deps.sql, scope, { provider: 'r.provider_id', client: 'r.client_id' })}
      AND p.id = ${scope.portalId} AND r.id = ${recurringInvoiceId}`;
  if (!row) throw new ApiError('not_found');
  if (!row.autopay || row.status !== 'active' || row.next_date === null)
    throw new ApiError('autopay_not_offered');
  const connection = await activeConnection(deps, deps.sql, scope.providerId).catch((err) => {
    deps.log.error({ err }, 'stored Stripe secrets unreadable');
    return null;
  });
  if (!connection) throw new ApiError('stripe_not_connected');
  const stripe = stripeClient(deps.config, connection.secretKey);
  try {
    if (row.last_session) {
      const open = await stripe.checkout.sessions.retrieve(row.last_session).catch((err) => {
        if (stripeFailure(err) === 'invalid') return null;
        throw err;
      });
      const soon = Math.floor(deps.now().getTime() / 1000) + 60;
      if (open?.status === 'open' && open.url && open.expires_at > soon) return { url: open.url };
    }
    const customer = await stripeCustomerFor(deps, stripe, connection, {
      id: row.client_id,
      name: row.client_name,
      email: row.client_email,
      company: row.client_company,
      language: row.client_language,
    });
    const portal = `${portalOrigin(deps.config, row)}/portal/${scope.portalId}`;
    const metadata = {
      provider_id: scope.providerId,
      recurring_invoice_id: row.id,
      client_id: row.client_id,
    };
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'setup',
        customer,
        currency: row.currency.toLowerCase(),
        client_reference_id: row.id,
        locale: row.client_language === 'de' ? 'de' : 'en',
        metadata,
        setup_intent_data: { metadata },
        success_url: `${portal}/invoices?autopay=${row.id}`,
        cancel_url: `${portal}/invoices`,
      },
      // Two clicks at once get one session; a new one after each stored one.
      { idempotencyKey: `autopay-setup:${row.id}:${connection.accountId}:${row.sessions}` },
    );
    if (!session.url) throw new ApiError('stripe_unavailable');
    await deps.sql`
      INSERT INTO autopay_setup_sessions (session_id, provider_id, recurring_invoice_id, client_id, account_id,
                                          customer_id, requested_name, requested_email, requested_ip, requested_at)
      VALUES (${session.id}, ${scope.providerId}, ${row.id}, ${row.client_id}, ${connection.accountId}, ${customer},
              ${row.client_name}, ${row.client_email}, ${ip.slice(0, 64)}, ${deps.now()})
      ON CONFLICT (session_id) DO NOTHING`;
    return { url: session.url };
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (stripeFailure(err) === 'other') throw err;
    deps.log.warn({ err, recurringInvoiceId }, 'Stripe setup session for automatic payment failed');
    throw new ApiError('stripe_unavailable', { cause: err });
  }
}

/**
 * The client withdraws their agreement (404 for another client's schedule; nothing in force: no change). The
 * card is detached from their Stripe customer by a job queued in the same transaction.
 */
export async function withdrawAutopay(
  deps: Pick<Deps, 'sql' | 'now' | 'jobs'>,
  scope: ClientScope,
  recurringInvoiceId: string,
) {
  const [schedule] = await deps.sql<{ id: string }[]>`
    SELECT r.id FROM recurring_invoices r
    WHERE ${tenant(deps.sql, scope, { provider: 'r.provider_id', client: 'r.client_id' })}
      AND r.id = ${recurringInvoiceId}`;
  if (!schedule) throw new ApiError('not_found');
  await deps.sql.begin(async (tx) => {
    const ended = await tx<{ id: string }[]>`
      UPDATE autopay_agreements a SET withdrawn_at = ${deps.now()}, withdrawn_by = 'client'
      WHERE ${tenant(tx, scope, { provider: 'a.provider_id', client: 'a.client_id' })}
        AND a.recurring_invoice_id = ${recurringInvoiceId} AND a.withdrawn_at IS NULL
      RETURNING a.id`;
    for (const a of ended) await queueDetach(tx, deps.jobs, scope.providerId, a.id);
  });
}

/**
 * The provider ends their client's agreement (404 for another provider's schedule; nothing in force: no
 * change): recorded as the provider's (with the API key when one was used), a client-visible activity row
 * (the portal shows that the provider ended it), and the card detached at Stripe by a job.
 * @returns the activity row's seq to publish after commit, or null when nothing was in force
 */
export async function endAutopayAgreement(
  deps: Pick<Deps, 'sql' | 'now' | 'jobs'>,
  scope: ProviderScope,
  recurringInvoiceId: string,
): Promise<number | null> {
  return deps.sql.begin(async (tx) => {
    const [schedule] = await tx<
      { id: string; client_id: string; amount_cents: string; currency: string; sender: string | null }[]
    >`
      SELECT r.id, r.client_id, r.amount_cents::text AS amount_cents, r.currency::text AS currency,
             coalesce(nullif(pr.business_name, ''), nullif(pr.full_name, '')) AS sender
      FROM recurring_invoices r LEFT JOIN profiles pr ON pr.user_id = r.provider_id
      WHERE ${ownedBy(tx, scope, 'r.provider_id')} AND r.id = ${recurringInvoiceId}
      FOR UPDATE OF r`;
    if (!schedule) throw new ApiError('not_found');
    const ended = await tx<{ id: string; card_last4: string | null }[]>`
      UPDATE autopay_agreements SET withdrawn_at = ${deps.now()}, withdrawn_by = 'provider',
        withdrawn_key_id = ${scope.credential === 'key' ? (scope.keyId ?? null) : null}
      WHERE ${ownedBy(tx, scope, 'provider_id')} AND recurring_invoice_id = ${recurringInvoiceId}
        AND withdrawn_at IS NULL
      RETURNING id, card_last4`;
    if (ended.length === 0) return null;
    for (const a of ended) await queueDetach(tx, deps.jobs, scope.providerId, a.id);
    const activity = await recordActivity(tx, {
      jobs: deps.jobs,
      providerId: scope.providerId,
      projectId: null,
      clientId: schedule.client_id,
      type: 'invoice_status',
      metadata: {
        recurringInvoiceId,
        event: 'autopay_ended',
        amountCents: Number(schedule.amount_cents),
        currency: schedule.currency.trim().toUpperCase(),
        actorName: schedule.sender ?? '',
        cardLast4: ended[0]?.card_last4 ?? null,
        sender_type: 'provider',
      },
      actor: 'provider',
    });
    return activity.seq;
  });
}

/** The ended agreement's card detached at Stripe, by a job queued in the transaction that ended it. */
async function queueDetach(tx: Tx, jobs: Pick<JobQueue, 'enqueue'>, providerId: string, agreementId: string) {
  await jobs.enqueue(
    tx,
    'stripe_detach_payment_method',
    { providerId, agreementId },
    { jobKey: `autopay-detach:${agreementId}` },
  );
}

export type DetachOutcome =
  | { outcome: 'detached' | 'gone' | 'skipped' | 'failed' }
  | { outcome: 'retry'; error: unknown };

/**
 * One attempt of `stripe_detach_payment_method`: the ended agreement's card detached from the client's Stripe
 * customer (`POST /v1/payment_methods/:id/detach` with the provider's key), only while the agreement's account
 * is the one connected (another account's card cannot be reached: `skipped`). A card Stripe no longer has
 * attached (400) is `gone`. Outages are retried under the delivery rule; the last attempt records
 * `detach_error` and logs it (the provider can remove the card in their dashboard).
 */
export async function detachAgreementCard(
  deps: Pick<Deps, 'sql' | 'config' | 'log' | 'now'>,
  providerId: string,
  agreementId: string,
  attempt: { attempt: number; maxAttempts: number },
): Promise<DetachOutcome> {
  const scope = actingFor(providerId);
  const [row] = await deps.sql<
    { account_id: string; payment_method_id: string; withdrawn: boolean; detached: boolean }[]
  >`
    SELECT account_id, payment_method_id, (withdrawn_at IS NOT NULL) AS withdrawn, (detached_at IS NOT NULL) AS detached
    FROM autopay_agreements WHERE ${ownedBy(deps.sql, scope, 'provider_id')} AND id = ${agreementId}`;
  if (!row?.withdrawn || row.detached) return { outcome: 'skipped' };
  const connection = await activeConnection(deps, deps.sql, providerId).catch(() => null);
  if (!connection || connection.accountId !== row.account_id) return { outcome: 'skipped' };
  const record = (error: string | null) => deps.sql`
    UPDATE autopay_agreements SET detached_at = ${error ? null : deps.now()}, detach_error = ${error}
    WHERE ${ownedBy(deps.sql, scope, 'provider_id')} AND id = ${agreementId}`;
  try {
    await stripeClient(deps.config, connection.secretKey, { retries: 0 }).paymentMethods.detach(
      row.payment_method_id,
      {},
      { idempotencyKey: `autopay-detach:${agreementId}:${connection.accountId}` },
    );
    await record(null);
    return { outcome: 'detached' };
  } catch (err) {
    const failure = stripeFailure(err);
    if (failure === 'other') throw err;
    if (failure === 'invalid') {
      // Not attached any more (detached in the dashboard, or the customer deleted): nothing left to do.
      await record(null);
      return { outcome: 'gone' };
    }
    if (!isLastAttempt(attempt)) return { outcome: 'retry', error: err };
    deps.log.warn({ err, agreementId }, 'the ended agreement’s card could not be detached at Stripe');
    await record(failure === 'auth' ? 'stripe_not_connected' : 'stripe_unavailable');
    return { outcome: 'failed' };
  }
}

/** What the webhook needs of a completed setup session, read from Stripe before its transaction. */
export interface SetupDetails {
  setupIntentId: string;
  customerId: string | null;
  paymentMethodId: string;
  brand: string | null;
  last4: string | null;
}

/**
 * For a completed setup-mode session of ours: its SetupIntent and card, read with the provider's key (the
 * event carries only the SetupIntent's id). Null for any other event.
 */
export async function setupDetailsOf(
  deps: Pick<Deps, 'config' | 'sql' | 'log'>,
  event: Stripe.Event,
  providerId: string,
): Promise<SetupDetails | null> {
  if (event.type !== 'checkout.session.completed') return null;
  const session = event.data.object;
  if (session.mode !== 'setup' || !session.setup_intent) return null;
  const connection = await activeConnection(deps, deps.sql, providerId);
  if (!connection) return null;
  const stripe = stripeClient(deps.config, connection.secretKey);
  const intentId = typeof session.setup_intent === 'string' ? session.setup_intent : session.setup_intent.id;
  const intent = await stripe.setupIntents.retrieve(intentId);
  const methodId =
    typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null);
  if (intent.status !== 'succeeded' || !methodId) return null;
  const method = await stripe.paymentMethods.retrieve(methodId);
  return {
    setupIntentId: intent.id,
    customerId: typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null),
    paymentMethodId: methodId,
    brand: method.card?.brand ?? null,
    last4: method.card?.last4 && /^\d{4}$/.test(method.card.last4) ? method.card.last4 : null,
  };
}

/**
 * `checkout.session.completed` of a setup session we stored for this account: the agreement, replacing one
 * in force. The session's customer must be the one we stored for it (and the SetupIntent's).
 */
export async function applyAutopaySetup(
  tx: Tx,
  jobs: Pick<JobQueue, 'enqueue'>,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  source: { providerId: string; accountId: string },
  details: SetupDetails | null,
): Promise<void> {
  if (!details) return;
  const [stored] = await tx<
    {
      recurring_invoice_id: string;
      client_id: string;
      customer_id: string;
      status: string;
      requested_name: string;
      requested_email: string;
      requested_ip: string;
    }[]
  >`
    SELECT recurring_invoice_id, client_id, customer_id, status, requested_name, requested_email, requested_ip
    FROM autopay_setup_sessions
    WHERE provider_id = ${source.providerId} AND session_id = ${session.id} AND account_id = ${source.accountId}
    FOR UPDATE`;
  if (stored?.status !== 'open') return;
  const customer = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
  if (customer !== stored.customer_id || details.customerId !== stored.customer_id) return;
  await tx`
    UPDATE autopay_setup_sessions SET status = 'complete'
    WHERE provider_id = ${source.providerId} AND session_id = ${session.id}`;
  const at = new Date(event.created * 1000);
  const replaced = await tx<{ id: string }[]>`
    UPDATE autopay_agreements SET withdrawn_at = ${at}, withdrawn_by = 'client'
    WHERE provider_id = ${source.providerId} AND recurring_invoice_id = ${stored.recurring_invoice_id}
      AND withdrawn_at IS NULL
    RETURNING id`;
  for (const a of replaced) await queueDetach(tx, jobs, source.providerId, a.id);
  await tx`
    INSERT INTO autopay_agreements (provider_id, recurring_invoice_id, client_id, account_id, customer_id,
                                    payment_method_id, card_brand, card_last4, setup_session_id, agreed_name,
                                    agreed_email, agreed_ip, agreed_at)
    VALUES (${source.providerId}, ${stored.recurring_invoice_id}, ${stored.client_id}, ${source.accountId},
            ${stored.customer_id}, ${details.paymentMethodId}, ${details.brand?.slice(0, 32) ?? null},
            ${details.last4}, ${session.id}, ${stored.requested_name}, ${stored.requested_email},
            ${stored.requested_ip}, ${at})
    ON CONFLICT (setup_session_id) DO NOTHING`;
}

/**
 * In the recurring job's transaction, before the period's invoice is sent: the schedule's agreement in force
 * when it offers autopay and the agreement is for the account connected now (else null: sent to pay).
 */
export async function autopayAgreementFor(
  tx: Tx,
  providerId: string,
  recurringInvoiceId: string,
): Promise<string | null> {
  const [row] = await tx<{ id: string }[]>`
    SELECT a.id FROM autopay_agreements a
    JOIN recurring_invoices r ON r.provider_id = a.provider_id AND r.id = a.recurring_invoice_id
    JOIN stripe_connections sc ON sc.provider_id = a.provider_id AND sc.account_id = a.account_id
    WHERE a.provider_id = ${providerId} AND a.recurring_invoice_id = ${recurringInvoiceId}
      AND a.withdrawn_at IS NULL AND r.autopay AND r.client_id = a.client_id`;
  return row?.id ?? null;
}

/** The invoice's automatic charge, queued in the send's transaction (one row and one job per invoice). */
export async function holdForAutopay(
  tx: Tx,
  deps: Pick<Deps, 'jobs' | 'now'>,
  providerId: string,
  recurringInvoiceId: string,
  invoiceId: string,
  agreementId: string,
): Promise<void> {
  const now = deps.now();
  await tx`
    INSERT INTO autopay_charges (provider_id, invoice_id, recurring_invoice_id, agreement_id, created_at, updated_at)
    VALUES (${providerId}, ${invoiceId}, ${recurringInvoiceId}, ${agreementId}, ${now}, ${now})
    ON CONFLICT (provider_id, invoice_id) DO NOTHING`;
  await deps.jobs.enqueue(
    tx,
    'charge_autopay_invoice',
    { providerId, invoiceId },
    { jobKey: `autopay-charge:${invoiceId}` },
  );
}

interface ChargeRow {
  status: 'pending' | 'succeeded' | 'failed';
  recurring_invoice_id: string;
  account_id: string;
  customer_id: string;
  payment_method_id: string;
  withdrawn: boolean;
  autopay: boolean;
  invoice_status: InvoiceStatus;
  number: string | null;
  amount_cents: string;
  paid_cents: string;
  currency: string;
}

export type ChargeOutcome =
  | { outcome: 'succeeded' | 'pending' | 'done' }
  | { outcome: 'failed'; code: AutopayFailure }
  | { outcome: 'retry'; error: unknown };

/**
 * One attempt of `charge_autopay_invoice` (see the file comment). Stripe failures that may heal are `retry`
 * until the delivery rule's last attempt, then the invoice is sent to pay.
 */
export async function chargeAutopayInvoice(
  deps: Deps,
  providerId: string,
  invoiceId: string,
  attempt: { attempt: number; maxAttempts: number },
): Promise<ChargeOutcome> {
  const [row] = await deps.sql<ChargeRow[]>`
    SELECT ch.status, ch.recurring_invoice_id, a.account_id, a.customer_id, a.payment_method_id,
           (a.withdrawn_at IS NOT NULL) AS withdrawn, r.autopay, i.status AS invoice_status, i.number,
           i.amount_cents::text AS amount_cents, i.paid_cents::text AS paid_cents, i.currency::text AS currency
    FROM autopay_charges ch
    JOIN autopay_agreements a ON a.id = ch.agreement_id
    JOIN recurring_invoices r ON r.provider_id = ch.provider_id AND r.id = ch.recurring_invoice_id
    JOIN invoices i ON i.provider_id = ch.provider_id AND i.id = ch.invoice_id
    WHERE ch.provider_id = ${providerId} AND ch.invoice_id = ${invoiceId}`;
  if (row?.status !== 'pending') return { outcome: 'done' };
  if (!isPayable(row.invoice_status))
    return fallBack(deps, providerId, invoiceId, 'invoice_not_payable', null);
  if (row.withdrawn || !row.autopay) return fallBack(deps, providerId, invoiceId, 'autopay_withdrawn', null);
  const connection = await activeConnection(deps, deps.sql, providerId).catch(() => null);
  if (!connection || connection.accountId !== row.account_id)
    return fallBack(deps, providerId, invoiceId, 'stripe_not_connected', null);
  const amount = Number(row.amount_cents) - Number(row.paid_cents);
  if (amount <= 0) return fallBack(deps, providerId, invoiceId, 'invoice_not_payable', null);
  const stripe = stripeClient(deps.config, connection.secretKey, { retries: 0 });
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount,
        currency: row.currency.toLowerCase(),
        customer: row.customer_id,
        payment_method: row.payment_method_id,
        off_session: true,
        confirm: true,
        description: `Invoice ${row.number ?? ''}`.trim(),
        metadata: {
          provider_id: providerId,
          invoice_id: invoiceId,
          recurring_invoice_id: row.recurring_invoice_id,
        },
      },
      { idempotencyKey: `autopay:${invoiceId}:${connection.accountId}:${amount}` },
    );
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError) {
      const code: AutopayFailure =
        err.code === 'authentication_required' || err.decline_code === 'authentication_required'
          ? 'authentication_required'
          : 'card_declined';
      const pi = (err.payment_intent as Stripe.PaymentIntent | undefined)?.id ?? null;
      return fallBack(deps, providerId, invoiceId, code, pi);
    }
    // The same charge in flight elsewhere (a concurrent run: Stripe answers 409 for the key): that run settles
    // it; this one looks again later, and never sends the invoice to pay meanwhile.
    if (
      err instanceof Stripe.errors.StripeIdempotencyError ||
      (err as { statusCode?: number }).statusCode === 409
    )
      return isLastAttempt(attempt) ? { outcome: 'pending' } : { outcome: 'retry', error: err };
    const failure = stripeFailure(err);
    if (failure === 'other') throw err;
    if (failure === 'network' && !isLastAttempt(attempt)) return { outcome: 'retry', error: err };
    deps.log.warn({ err, invoiceId }, 'automatic payment failed; the invoice is sent to pay');
    return fallBack(
      deps,
      providerId,
      invoiceId,
      failure === 'auth' ? 'stripe_not_connected' : 'stripe_unavailable',
      null,
    );
  }
  if (intent.status === 'succeeded') {
    const seqs: number[] = [];
    await deps.sql.begin((tx) =>
      applyAutopayIntent(tx, deps, { providerId, accountId: connection.accountId }, intent, null, seqs),
    );
    await publishInvoiceActivity(deps, providerId, seqs);
    return { outcome: 'succeeded' };
  }
  if (intent.status === 'processing') return { outcome: 'pending' }; // its webhook settles it
  return fallBack(deps, providerId, invoiceId, 'authentication_required', intent.id);
}

/** The invoice sent to pay after all, once: the charge row `failed` with why, then the e-mail and push. */
async function fallBack(
  deps: Deps,
  providerId: string,
  invoiceId: string,
  code: AutopayFailure,
  paymentIntentId: string | null,
): Promise<ChargeOutcome> {
  await deps.sql.begin(async (tx) => {
    const [failed] = await tx<{ invoice_id: string }[]>`
      UPDATE autopay_charges SET status = 'failed', error_code = ${code},
        payment_intent_id = coalesce(${paymentIntentId}, payment_intent_id), updated_at = ${deps.now()}
      WHERE provider_id = ${providerId} AND invoice_id = ${invoiceId} AND status = 'pending'
      RETURNING invoice_id`;
    if (!failed) return;
    const [invoice] = await tx<{ status: InvoiceStatus }[]>`
      SELECT status FROM invoices WHERE provider_id = ${providerId} AND id = ${invoiceId} FOR UPDATE`;
    if (invoice && isPayable(invoice.status))
      await deliverSentInvoice(tx, deps, actingFor(providerId), invoiceId);
  });
  return { outcome: 'failed', code };
}

/**
 * A succeeded off-session PaymentIntent of one of our automatic charges, from the job's answer (`eventId`
 * null) or `payment_intent.succeeded`: applied once (the charge row locked; the payment row keyed by
 * account and intent), only when its customer, card and currency are the agreement's. An invoice closed
 * meanwhile gets the money back (a late payment, refunded by its job).
 */
export async function applyAutopayIntent(
  tx: Tx,
  deps: ReceiptDeps,
  source: { providerId: string; accountId: string },
  intent: Stripe.PaymentIntent,
  eventId: string | null,
  activitySeqs: number[],
): Promise<void> {
  const invoiceId = intent.metadata?.invoice_id;
  if (intent.status !== 'succeeded' || !invoiceId || !/^[0-9a-f-]{36}$/i.test(invoiceId)) return;
  const jobs = deps.jobs;
  const [charge] = await tx<{ customer_id: string; payment_method_id: string; card_last4: string | null }[]>`
    SELECT a.customer_id, a.payment_method_id, a.card_last4
    FROM autopay_charges ch JOIN autopay_agreements a ON a.id = ch.agreement_id
    WHERE ch.provider_id = ${source.providerId} AND ch.invoice_id = ${invoiceId}
      AND a.account_id = ${source.accountId}
    FOR UPDATE OF ch`;
  if (!charge) return;
  const customer = typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null);
  const method =
    typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null);
  if (customer !== charge.customer_id || method !== charge.payment_method_id) return;
  const [done] = await tx<{ id: string }[]>`
    SELECT id FROM invoice_payments WHERE account_id = ${source.accountId} AND stripe_object_id = ${intent.id}`;
  if (done) return;
  await tx`
    UPDATE autopay_charges SET status = 'succeeded', error_code = NULL, payment_intent_id = ${intent.id},
      updated_at = now()
    WHERE provider_id = ${source.providerId} AND invoice_id = ${invoiceId}`;
  const [ours] = await tx<{ status: InvoiceStatus; currency: string }[]>`
    SELECT status, currency::text AS currency FROM invoices
    WHERE provider_id = ${source.providerId} AND id = ${invoiceId} FOR UPDATE`;
  if (!ours) return;
  const paidAt = new Date(intent.created * 1000);
  const matches = intent.currency.toLowerCase() === ours.currency.toLowerCase();
  if (
    matches &&
    isPayable(ours.status) &&
    (
      await applyInvoicePayment(tx, actingFor(source.providerId), invoiceId, {
        amountCents: intent.amount_received || intent.amount,
        paidAt,
        via: 'stripe_autopay',
        jobs,
        actor: 'system',
        activitySeqs,
      })
    ).ok
  ) {
    await tx`
      INSERT INTO invoice_payments (provider_id, invoice_id, account_id, source, stripe_object_id, payment_intent_id,
                                    amount_cents, currency, invoice_status, outcome, event_id, received_at)
      VALUES (${source.providerId}, ${invoiceId}, ${source.accountId}, 'stripe_autopay', ${intent.id}, ${intent.id},
              ${intent.amount_received || intent.amount}, ${intent.currency.toLowerCase()}, ${ours.status}, 'applied',
              ${eventId}, ${paidAt})
      ON CONFLICT (account_id, stripe_object_id) DO NOTHING`;
    // Once: this branch runs for the first application of the intent only (charge row locked, payment row
    // checked above), so the job's answer and the webhook never both mail.
    await queueAutopayReceipt(tx, deps, source.providerId, invoiceId, {
      amountCents: intent.amount_received || intent.amount,
      currency: intent.currency,
      last4: charge.card_last4,
    });
    return;
  }
  await recordLatePayment(tx, jobs, {
    providerId: source.providerId,
    invoiceId,
    accountId: source.accountId,
    source: 'stripe_autopay',
    objectId: intent.id,
    paymentIntentId: intent.id,
    amountCents: intent.amount_received || intent.amount,
    currency: intent.currency,
    invoiceStatus: ours.status === 'draft' ? 'cancelled' : ours.status,
    eventId: eventId ?? intent.id,
    receivedAt: paidAt,
  });
}

/** What the receipt needs besides the transaction. */
export type ReceiptDeps = Pick<Deps, 'jobs' | 'mailer' | 'config' | 'log'>;

/**
 * The client's receipt for an automatic charge, queued in the transaction that applied it (the outbox sends
 * it once): invoice number, amount, card, the invoice in the portal, in the invoice's language; the XRechnung
 * attached when the provider attaches it to invoice e-mails.
 */
async function queueAutopayReceipt(
  tx: Tx,
  deps: ReceiptDeps,
  providerId: string,
  invoiceId: string,
  paid: { amountCents: number; currency: string; last4: string | null },
): Promise<void> {
  const scope = actingFor(providerId);
  const [to] = await tx<
    {
      email: string;
      name: string;
      portal_id: string;
      sender: string | null;
      number: string | null;
      language: Lang;
      attach: boolean | null;
    }[]
  >`
    SELECT c.email, c.name, c.portal_id, i.number, i.language,
           coalesce(nullif(pr.business_name, ''), nullif(pr.full_name, '')) AS sender,
           (SELECT s.attach_e_invoice FROM invoice_settings s WHERE s.provider_id = i.provider_id) AS attach
    FROM invoices i
    JOIN clients c ON c.provider_id = i.provider_id AND c.id = i.client_id
    LEFT JOIN profiles pr ON pr.user_id = c.provider_id
    WHERE ${ownedBy(tx, scope, 'i.provider_id')} AND i.id = ${invoiceId}`;
  if (!to?.number) return;
  const attachment = to.attach
    ? await xrechnungAttachment(tx, scope, invoiceId, deps.config.publicOrigin)
    : null;
  await deps.mailer.queue(tx, {
    ...autopayReceiptMail({
      to: to.email,
      name: to.name,
      lang: to.language,
      sender: to.sender ?? '',
      number: to.number,
      amountCents: paid.amountCents,
      currency: paid.currency.toUpperCase(),
      last4: paid.last4,
      link: `${deps.config.publicOrigin}/portal/${to.portal_id}/invoices/${invoiceId}`,
    }),
    senderProviderId: providerId,
    ...(attachment ? { attachments: [attachment] } : {}),
  });
}
