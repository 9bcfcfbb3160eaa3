import Stripe from 'stripe';
import type { Sql, Tx } from '../db/client';
import type { AppDeps } from '../http/context';
import { ApiError } from '../http/errors';
import { publishActivity } from '../services/activity/record-activity';
import { markInvoicePaid } from '../services/invoices/transitions';
import { activeConnection } from './connection';
import { applySubscriptionEvent, linkPlanCheckout } from './plan';
import { stripeClient } from './stripe-client';

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
 */

type Deps = Pick<AppDeps, 'config' | 'sql' | 'log'>;
type HandleDeps = Deps & Pick<AppDeps, 'pubsub'>;

export type WebhookSource =
  | { kind: 'platform' }
  | { kind: 'provider'; providerId: string; accountId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the unverified payload claims, only to pick the secret to verify it with. */
function claimedProvider(raw: string): { providerId: string | null; objectId: string | null } {
  try {
    const parsed = JSON.parse(raw) as {
      data?: { object?: { id?: unknown; metadata?: Record<string, unknown> } };
    };
    const providerId = parsed.data?.object?.metadata?.provider_id;
    const objectId = parsed.data?.object?.id;
    return {
      providerId: typeof providerId === 'string' && UUID.test(providerId) ? providerId.toLowerCase() : null,
      objectId: typeof objectId === 'string' ? objectId : null,
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

/** After the transaction: what must still be told to Stripe (idempotently). */
type FollowUp = { kind: 'pay_out_of_band'; providerId: string; stripeInvoiceId: string };

/**
 * Applies a verified event once. Returns whether it was new (false: delivered before, nothing done).
 */
export async function handleStripeEvent(
  deps: HandleDeps,
  event: Stripe.Event,
  source: WebhookSource,
): Promise<{ processed: boolean }> {
  const followUps: FollowUp[] = [];
  // Activity rows the transaction wrote (an invoice paid), published once it commits: both sides see it live.
  const activitySeqs: number[] = [];
  const processed = await deps.sql.begin(async (tx) => {
    const [fresh] = await tx<{ id: string }[]>`
      INSERT INTO stripe_events (id, type, source)
      VALUES (${event.id}, ${event.type}, ${source.kind === 'platform' ? 'platform' : source.providerId})
      ON CONFLICT (id) DO NOTHING RETURNING id`;
    if (!fresh) return false;
    if (source.kind === 'platform') await platformEvent(tx, event);
    else await providerEvent(deps, tx, event, source, followUps, activitySeqs);
    return true;
  });
  if (source.kind === 'provider')
    for (const seq of activitySeqs) await publishActivity(deps.pubsub, source.providerId, seq);
  for (const followUp of followUps) await runFollowUp(deps, followUp);
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
  deps: Deps,
  tx: Tx,
  event: Stripe.Event,
  source: Extract<WebhookSource, { kind: 'provider' }>,
  followUps: FollowUp[],
  activitySeqs: number[],
) {
  switch (event.type) {
    case 'invoice.paid': {
      const invoice = event.data.object;
      const [ours] = await ourInvoiceByStripeId(tx, source, invoice.id);
      if (!ours) return; // not an invoice we pushed from this account: recorded, nothing changes
      const paidAt = invoice.status_transitions?.paid_at ?? event.created;
      await markInvoicePaid(tx, source.providerId, ours.id, {
        paidAt: new Date(paidAt * 1000),
        via: 'stripe_invoice',
        activitySeqs,
      });
      return;
    }
    case 'checkout.session.completed': {
      const session = event.data.object;
      const invoiceId = session.metadata?.invoice_id;
      if (
        session.mode !== 'payment' ||
        session.payment_status !== 'paid' ||
        !invoiceId ||
        !UUID.test(invoiceId)
      )
        return;
      const [ours] = await tx<
        {
          id: string;
          amount_cents: string;
          currency: string;
          stripe_invoice_id: string | null;
          stripe_account_id: string | null;
        }[]
      >`
        SELECT id, amount_cents, currency, stripe_invoice_id, stripe_account_id FROM invoices
        WHERE provider_id = ${source.providerId} AND id = ${invoiceId}
          AND stripe_checkout_session_id = ${session.id}
        FOR UPDATE`;
      if (!ours) return;
      if (
        session.amount_total !== Number(ours.amount_cents) ||
        (session.currency ?? '').toLowerCase() !== ours.currency.toLowerCase()
      ) {
        deps.log.error(
          { invoiceId, sessionId: session.id, amount: session.amount_total, ours: ours.amount_cents },
          'Checkout payment does not match the invoice; not marked paid',
        );
        return;
      }
      const changed = await markInvoicePaid(tx, source.providerId, ours.id, {
        paidAt: new Date(event.created * 1000),
        via: 'stripe_checkout',
        activitySeqs,
      });
      if (changed && ours.stripe_invoice_id && ours.stripe_account_id === source.accountId)
        followUps.push({
          kind: 'pay_out_of_band',
          providerId: source.providerId,
          stripeInvoiceId: ours.stripe_invoice_id,
        });
      return;
    }
    case 'invoice.payment_failed':
      // The payer sees the decline on Stripe's page and can try again; our invoice stays open. Recorded only.
      deps.log.info(
        { eventId: event.id, stripeInvoiceId: event.data.object.id },
        'Stripe invoice payment failed',
      );
      return;
    case 'invoice.voided':
      // Voided in Stripe's dashboard: our books change only by a cancellation with a credit note, which the
      // provider makes here; recorded only.
      deps.log.info({ eventId: event.id, stripeInvoiceId: event.data.object.id }, 'Stripe invoice voided');
      return;
    default:
      return;
  }
}

function ourInvoiceByStripeId(
  tx: Tx | Sql,
  source: Extract<WebhookSource, { kind: 'provider' }>,
  stripeId: string,
) {
  return tx<{ id: string }[]>`
    SELECT id FROM invoices
    WHERE provider_id = ${source.providerId} AND stripe_invoice_id = ${stripeId}
      AND stripe_account_id = ${source.accountId}`;
}

/**
 * Paid through Checkout: the Stripe invoice of the same bill (when it was pushed) is marked paid out of
 * band, so Stripe stops reminding the client. Idempotent; a failure is logged (the provider's Stripe shows
 * the invoice open; our books are right).
 */
async function runFollowUp(deps: Deps, followUp: FollowUp) {
  try {
    const connection = await activeConnection(deps, deps.sql, followUp.providerId);
    if (!connection) return;
    const stripe = stripeClient(deps.config, connection.secretKey);
    const invoice = await stripe.invoices.retrieve(followUp.stripeInvoiceId);
    if (invoice.status !== 'open') return;
    await stripe.invoices.pay(
      followUp.stripeInvoiceId,
      { paid_out_of_band: true },
      { idempotencyKey: `invoice:${followUp.stripeInvoiceId}:paid-out-of-band` },
    );
  } catch (err) {
    deps.log.warn(
      { err, stripeInvoiceId: followUp.stripeInvoiceId },
      'could not mark the Stripe invoice paid',
    );
  }
}
