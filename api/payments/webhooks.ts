import Stripe from 'stripe';
import { type InvoiceStatus, isPayable } from '../../shared/contracts/invoices';
import { actingFor } from '../auth/scope';
import type { Tx } from '../db/client';
import type { AppDeps } from '../http/context';
import { ApiError } from '../http/errors';
import { publishActivity } from '../services/activity/record-activity';
import { applyInvoicePayment } from '../services/invoices/payments';
import { applyAutopayIntent, applyAutopaySetup, type SetupDetails, setupDetailsOf } from './autopay';
import { activeConnection } from './connection';
import { applySubscriptionEvent, linkPlanCheckout } from './plan';
import { recordLatePayment } from './stripe-jobs';

/*
 * Stripe's webhooks (POST /api/webhooks/stripe), for the platform's own account (plan subscriptions) and
 * for every provider's connected account (their invoices). Trust: the body is untrusted until its
 * signature verifies with a secret we hold. The platform's secret (STRIPE_WEBHOOK_SECRET) is tried first;
 * otherwise the payload names its provider (`data.object.metadata.provider_id`, which we wrote) and only
 * that provider's stored secret may verify it, so an event can only ever act on the provider whose
 * secret signed it, and then only on objects that provider's account made (looked up by their Stripe
 * ids). Nothing in an unverified payload is acted on.
 *
 * Delivery is at least once and in any order: the event id is recorded in `stripe_events` in the same
 * transaction as its effect, so a repeated delivery does nothing; effects only move forward (an invoice's
 * status through `markInvoicePaid`; a plan subscription only from an event newer than the last applied).
 * Every card payment for an invoice is a row of `invoice_payments`: the one that paid it, or one that came
 * for an invoice already closed, refunded by a job queued in the same transaction (`recordLatePayment`).
 * What must follow in Stripe after an invoice is paid (other sessions expired, the Stripe invoice settled)
 * is the close job `markInvoicePaid` queues.
 */

type Deps = Pick<AppDeps, 'config' | 'sql' | 'log'>;
type HandleDeps = Deps & Pick<AppDeps, 'pubsub' | 'jobs' | 'mailer'>;

export type WebhookSource =
  | { kind: 'platform' }
  | { kind: 'provider'; providerId: string; accountId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the unverified payload claims, only to pick the secret to verify it with. */
function claimedProvider(raw: string): { providerId: string | null; objectId: string | null } {
  try {
    const parsed = JSON.parse(raw) as {
      data?: { object?: { id?: unknown; invoice?: unknown; metadata?: Record<string, unknown> } };
    };
    const providerId = parsed.data?.object?.metadata?.provider_id;
    const objectId = parsed.data?.object?.id;
    // An invoice payment (`inpay_…`, no metadata of its own) names its Stripe invoice.
    const invoiceId = parsed.data?.object?.invoice;
    return {
      providerId: typeof providerId === 'string' && UUID.test(providerId) ? providerId.toLowerCase() : null,
      objectId:
        typeof objectId === 'string' && objectId.startsWith('inpay_') && typeof invoiceId === 'string'
          ? invoiceId
          : typeof objectId === 'string'
            ? objectId
            : null,
    };
  } catch {
    return { providerId: null, objectId: null };
  }
}

async function verify(raw: string, signature: string, secret: string): Promise<Stripe.Event | null> {
  try {
    return await Stripe.webhooks.constructEventAsync(raw, signature, secret);
  } catch {
    return null;
  }
}

/**
 * Verifies a delivery and finds whose it is.
 * @throws ApiError('stripe_webhook_invalid') when no secret we hold verifies it
 */
export async function verifyStripeWebhook(
  deps: Deps,
  raw: string,
  signature: string | undefined,
): Promise<{ event: Stripe.Event; source: WebhookSource }> {
  if (!signature) throw new ApiError('stripe_webhook_invalid');
  if (deps.config.STRIPE_WEBHOOK_SECRET) {
    const event = await verify(raw, signature, deps.config.STRIPE_WEBHOOK_SECRET);
    if (event) return { event, source: { kind: 'platform' } };
  }
  const claim = claimedProvider(raw);
  let providerId = claim.providerId;
  // An invoice event without our metadata (edited in Stripe's dashboard): the invoice we pushed names it.
  if (!providerId && claim.objectId?.startsWith('in_')) {
    const [row] = await deps.sql<{ provider_id: string }[]>`
      SELECT provider_id FROM invoices WHERE stripe_invoice_id = ${claim.objectId}`;
    providerId = row?.provider_id ?? null;
  }
  if (providerId) {
    const connection = await activeConnection(deps, deps.sql, providerId).catch((err) => {
      deps.log.error({ err }, 'stored Stripe webhook secret unreadable');
      return null;
    });
    if (connection) {
      const event = await verify(raw, signature, connection.webhookSecret);
      if (event) return { event, source: { kind: 'provider', providerId, accountId: connection.accountId } };
    }
  }
  throw new ApiError('stripe_webhook_invalid');
}

/**
 * Applies a verified event once. Returns whether it was new (false: delivered before, nothing done).
 */
export async function handleStripeEvent(
  deps: HandleDeps,
  event: Stripe.Event,
  source: WebhookSource,
): Promise<{ processed: boolean }> {
  // Activity rows the transaction wrote (an invoice paid), published once it commits: both sides see it live.
  const activitySeqs: number[] = [];
  // A completed setup session (automatic payment, issue 28) names only its SetupIntent: its card is read
  // from Stripe first, outside the transaction (a failure answers 500 and Stripe delivers it again).
  const setup = source.kind === 'provider' ? await setupDetailsOf(deps, event, source.providerId) : null;
  const processed = await deps.sql.begin(async (tx) => {
    const [fresh] = await tx<{ id: string }[]>`
      INSERT INTO stripe_events (id, type, source)
      VALUES (${event.id}, ${event.type}, ${source.kind === 'platform' ? 'platform' : source.providerId})
      ON CONFLICT (id) DO NOTHING RETURNING id`;
    if (!fresh) return false;
    if (source.kind === 'platform') await platformEvent(tx, event);
    else await providerEvent(deps, tx, event, source, activitySeqs, setup);
    return true;
  });
  if (source.kind === 'provider')
    for (const seq of activitySeqs) await publishActivity(deps.pubsub, source.providerId, seq);
  return { processed };
}

async function platformEvent(tx: Tx, event: Stripe.Event) {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      await applySubscriptionEvent(tx, event.type, event.data.object, new Date(event.created * 1000));
      return;
    case 'checkout.session.completed':
      if (event.data.object.mode === 'subscription') await linkPlanCheckout(tx, event.data.object);
      return;
    default:
      return; // recorded, nothing else: the platform's other events do not concern the product
  }
}

async function providerEvent(
  deps: HandleDeps,
  tx: Tx,
  event: Stripe.Event,
  source: Extract<WebhookSource, { kind: 'provider' }>,
  activitySeqs: number[],
  setup: SetupDetails | null,
) {
  switch (event.type) {
    case 'invoice.paid':
      return stripeInvoicePaid(deps, tx, event, event.data.object, source, activitySeqs);
    case 'checkout.session.completed':
      if (event.data.object.mode === 'setup')
        return applyAutopaySetup(tx, deps.jobs, event, event.data.object, source, setup);
      return checkoutCompleted(deps, tx, event, event.data.object, source, activitySeqs);
    case 'payment_intent.succeeded':
      // An automatic charge of a recurring invoice (issue 28); any other intent is not ours to apply.
      return applyAutopayIntent(tx, deps, source, event.data.object, event.id, activitySeqs);
    case 'invoice_payment.paid':
      return invoicePaymentPaid(deps, tx, event, event.data.object, source, activitySeqs);
    case 'invoice.payment_failed':
      // The payer sees the decline on Stripe's page and can try again; our invoice stays open. Recorded only.
      deps.log.info(
        { eventId: event.id, stripeInvoiceId: event.data.object.id },
        'Stripe invoice payment failed',
      );
      return;
    case 'invoice.voided':
      // Voided (by our close job, or in Stripe's dashboard): our books change only by a cancellation with a
      // credit note, which the provider makes here; the Stripe state is recorded.
      await tx`
        UPDATE invoices SET stripe_invoice_status = 'void'
        WHERE provider_id = ${source.providerId} AND stripe_invoice_id = ${event.data.object.id}
          AND stripe_account_id = ${source.accountId}`;
      return;
    default:
      return;
  }
}

/**
 * `invoice.paid` of a Stripe invoice we pushed: ours becomes paid (`stripe_invoice`) while it is open.
 * When ours was closed already (cancelled, or paid another way) the client paid Stripe's page after that:
 * a late payment, recorded and refunded, unless it is our own "paid out of band" coming back (no money
 * moved; the close job set `stripe_settled_out_of_band` before asking for it).
 */
async function stripeInvoicePaid(
  deps: HandleDeps,
  tx: Tx,
  event: Stripe.Event,
  invoice: Stripe.Invoice,
  source: Extract<WebhookSource, { kind: 'provider' }>,
  activitySeqs: number[],
) {
  const [ours] = await tx<
    { id: string; status: InvoiceStatus; paid_via: string | null; stripe_settled_out_of_band: boolean }[]
  >`
    SELECT id, status, paid_via, stripe_settled_out_of_band FROM invoices
    WHERE provider_id = ${source.providerId} AND stripe_invoice_id = ${invoice.id}
      AND stripe_account_id = ${source.accountId}
    FOR UPDATE`;
  if (!ours) return; // not an invoice we pushed from this account: recorded, nothing changes
  await tx`
    UPDATE invoices SET stripe_invoice_status = 'paid'
    WHERE provider_id = ${source.providerId} AND id = ${ours.id}`;
  const paidAt = new Date((invoice.status_transitions?.paid_at ?? event.created) * 1000);
  if (isPayable(ours.status)) {
    // `amount_paid` is what the Stripe invoice collected in all; what its earlier partial payments
    // (`invoice_payment.paid`) brought is applied already (issue 28).
    const [earlier] = await tx<{ cents: string }[]>`
      SELECT coalesce(sum(amount_cents), 0)::text AS cents FROM invoice_payments
      WHERE provider_id = ${source.providerId} AND invoice_id = ${ours.id} AND source = 'stripe_invoice'
        AND account_id = ${source.accountId} AND outcome = 'applied'`;
    const rest = invoice.amount_paid - Number(earlier?.cents ?? 0);
    if (rest <= 0) return;
    const applied = await applyInvoicePayment(tx, actingFor(source.providerId), ours.id, {
      amountCents: rest,
      paidAt,
      via: 'stripe_invoice',
      jobs: deps.jobs,
      activitySeqs,
    });
    if (!applied.ok) {
      // More than our balance (the provider recorded a payment by hand meanwhile): left to the provider, who
      // sees the Stripe invoice paid (`stripe.status`) and settles the difference with the client.
      deps.log.error(
        { invoiceId: ours.id, rest, reason: applied.reason },
        'Stripe invoice paid beyond the balance',
      );
      return;
    }
    await tx`
      INSERT INTO invoice_payments (provider_id, invoice_id, account_id, source, stripe_object_id, amount_cents,
                                    currency, invoice_status, outcome, event_id, received_at)
      VALUES (${source.providerId}, ${ours.id}, ${source.accountId}, 'stripe_invoice', ${invoice.id},
              ${rest}, ${invoice.currency}, ${ours.status}, 'applied', ${event.id}, ${paidAt})
      ON CONFLICT (account_id, stripe_object_id) DO NOTHING`;
    return;
  }
  if (ours.paid_via === 'stripe_invoice' || ours.stripe_settled_out_of_band) return;
  if (ours.status !== 'paid' && ours.status !== 'cancelled') return;
  // Paid in parts on Stripe's side: each part came as `invoice_payment.paid` and is refunded there if late;
  // refunding "the invoice" here would send back the parts that were applied too.
  const [inParts] = await tx<{ id: string }[]>`
    SELECT id FROM invoice_payments
    WHERE provider_id = ${source.providerId} AND invoice_id = ${ours.id} AND source = 'stripe_invoice'
      AND stripe_object_id LIKE 'inpay\_%' LIMIT 1`;
  if (inParts) return;
  await recordLatePayment(tx, deps.jobs, {
    providerId: source.providerId,
    invoiceId: ours.id,
    accountId: source.accountId,
    source: 'stripe_invoice',
    objectId: invoice.id,
    paymentIntentId: null,
    amountCents: invoice.amount_paid,
    currency: invoice.currency,
    invoiceStatus: ours.status,
    eventId: event.id,
    receivedAt: paidAt,
  });
}

/**
 * A paid Checkout session of one of our invoices (a session we made: it is in `stripe_checkout_sessions`
 * for this account). While the invoice is open and the amount fits its balance due, it is applied as a
 * payment and the invoice becomes paid (`stripe_checkout`) when nothing is left to pay; otherwise (cancelled or paid meanwhile, e.g. the client pressed Pay on a page left
 * open after the provider cancelled) the payment is recorded and refunded.
 */
async function checkoutCompleted(
  deps: HandleDeps,
  tx: Tx,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  source: Extract<WebhookSource, { kind: 'provider' }>,
  activitySeqs: number[],
) {
  const invoiceId = session.metadata?.invoice_id;
  if (session.mode !== 'payment' || session.payment_status !== 'paid' || !invoiceId || !UUID.test(invoiceId))
    return;
  const [ours] = await tx<{ id: string; status: InvoiceStatus; amount_cents: string; currency: string }[]>`
    SELECT i.id, i.status, i.amount_cents::text AS amount_cents, i.currency::text AS currency
    FROM invoices i
    WHERE i.provider_id = ${source.providerId} AND i.id = ${invoiceId}
      AND EXISTS (SELECT 1 FROM stripe_checkout_sessions s
                  WHERE s.provider_id = i.provider_id AND s.invoice_id = i.id AND s.session_id = ${session.id}
                    AND s.account_id = ${source.accountId})
    FOR UPDATE`;
  if (!ours) return;
  await tx`
    UPDATE stripe_checkout_sessions SET status = 'complete'
    WHERE provider_id = ${source.providerId} AND session_id = ${session.id}`;
  const amount = session.amount_total ?? 0;
  const currency = (session.currency ?? '').toLowerCase();
  const matches = currency === ours.currency.toLowerCase();
  const paidAt = new Date(event.created * 1000);
  const paymentIntentId =
    typeof session.payment_intent === 'string'
      ? session.payment_intent
      : (session.payment_intent?.id ?? null);
  // The session charged the balance due when it was made (issue 28): applied as a payment, partial or the
  // rest (then the invoice is paid), while it still fits the balance; more than the balance is refunded.
  if (
    matches &&
    isPayable(ours.status) &&
    (
      await applyInvoicePayment(tx, actingFor(source.providerId), ours.id, {
        amountCents: amount,
        paidAt,
        via: 'stripe_checkout',
        jobs: deps.jobs,
        actor: 'client',
        activitySeqs,
      })
    ).ok
  ) {
    await tx`
      INSERT INTO invoice_payments (provider_id, invoice_id, account_id, source, stripe_object_id, payment_intent_id,
                                    amount_cents, currency, invoice_status, outcome, event_id, received_at)
      VALUES (${source.providerId}, ${ours.id}, ${source.accountId}, 'stripe_checkout', ${session.id},
              ${paymentIntentId}, ${amount}, ${currency}, ${ours.status}, 'applied', ${event.id}, ${paidAt})
      ON CONFLICT (account_id, stripe_object_id) DO NOTHING`;
    return;
  }
  if (!matches)
    deps.log.error(
      { invoiceId, sessionId: session.id, amount, ours: ours.amount_cents },
      'Checkout payment does not match the invoice; refunded',
    );
  await recordLatePayment(tx, deps.jobs, {
    providerId: source.providerId,
    invoiceId: ours.id,
    accountId: source.accountId,
    source: 'stripe_checkout',
    objectId: session.id,
    paymentIntentId,
    amountCents: amount,
    currency,
    invoiceStatus: ours.status === 'draft' ? 'cancelled' : ours.status,
    eventId: event.id,
    receivedAt: paidAt,
  });
}

/**
 * `invoice_payment.paid`: a payment for (part of) a Stripe invoice we pushed (issue 28). Applied to ours as a
 * partial payment while it fits the balance (the one that pays the rest marks it paid, `stripe_invoice`);
 * one that arrives when ours is closed, or for more than its balance, is recorded and refunded. When
 * `invoice.paid` came first it applied all the Stripe invoice collected, this payment included: nothing
 * more happens.
 */
async function invoicePaymentPaid(
  deps: HandleDeps,
  tx: Tx,
  event: Stripe.Event,
  payment: Stripe.InvoicePayment,
  source: Extract<WebhookSource, { kind: 'provider' }>,
  activitySeqs: number[],
) {
  const stripeInvoiceId = typeof payment.invoice === 'string' ? payment.invoice : payment.invoice.id;
  const amount = payment.amount_paid ?? 0;
  if (payment.status !== 'paid' || amount <= 0 || !stripeInvoiceId) return;
  const [ours] = await tx<{ id: string; status: InvoiceStatus }[]>`
    SELECT id, status FROM invoices
    WHERE provider_id = ${source.providerId} AND stripe_invoice_id = ${stripeInvoiceId}
      AND stripe_account_id = ${source.accountId}
    FOR UPDATE`;
  if (!ours) return;
  const [whole] = await tx<{ id: string }[]>`
    SELECT id FROM invoice_payments
    WHERE account_id = ${source.accountId} AND stripe_object_id IN (${stripeInvoiceId}, ${payment.id})`;
  if (whole) return;
  const paidAt = new Date((payment.status_transitions?.paid_at ?? event.created) * 1000);
  const intent = payment.payment?.payment_intent;
  const paymentIntentId = typeof intent === 'string' ? intent : (intent?.id ?? null);
  if (isPayable(ours.status)) {
    const applied = await applyInvoicePayment(tx, actingFor(source.providerId), ours.id, {
      amountCents: amount,
      paidAt,
      via: 'stripe_invoice',
      jobs: deps.jobs,
      actor: 'client',
      activitySeqs,
    });
    if (applied.ok) {
      await tx`
        INSERT INTO invoice_payments (provider_id, invoice_id, account_id, source, stripe_object_id, payment_intent_id,
                                      amount_cents, currency, invoice_status, outcome, event_id, received_at)
        VALUES (${source.providerId}, ${ours.id}, ${source.accountId}, 'stripe_invoice', ${payment.id},
                ${paymentIntentId}, ${amount}, ${payment.currency}, ${ours.status}, 'applied', ${event.id}, ${paidAt})
        ON CONFLICT (account_id, stripe_object_id) DO NOTHING`;
      return;
    }
  }
  if (!paymentIntentId || ours.status === 'draft') return; // no money we could send back
  await recordLatePayment(tx, deps.jobs, {
    providerId: source.providerId,
    invoiceId: ours.id,
    accountId: source.accountId,
    source: 'stripe_invoice',
    objectId: payment.id,
    paymentIntentId,
    amountCents: amount,
    currency: payment.currency,
    invoiceStatus: ours.status,
    eventId: event.id,
    receivedAt: paidAt,
  });
}
