import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { PLAN_CURRENCY, PLAN_PRICE_CENTS, type Plan } from '../../shared/contracts/invoices';
import { billingOf } from '../auth/plan-gate';
import type { Sql, Tx } from '../db/client';
import type { AppDeps } from '../http/context';
import { ApiError } from '../http/errors';
import { stripeClient, stripeFailure } from './stripe-client';

/*
 * The provider's own plan (spec §1, §9) on the PLATFORM's Stripe account (STRIPE_SECRET_KEY): a 14-day
 * trial from sign-up (`users.trial_ends_at`), then Professional at 9 EUR a month through Checkout in
 * subscription mode. The subscription's state comes only from webhooks (`applySubscriptionEvent`), and an
 * event older than the last one applied never overwrites it; `users.plan` follows ('premium' while the
 * subscription is active, trialing or past due, else 'trial').
 */

type Deps = Pick<AppDeps, 'config' | 'sql' | 'log' | 'now'>;

/** Statuses in which the provider has the plan (past_due: Stripe is still retrying the card). */
export const PREMIUM_STATUSES = ['active', 'trialing', 'past_due'] as const;
const isPremium = (status: string | undefined) =>
  (PREMIUM_STATUSES as readonly string[]).includes(status ?? '');

interface PlanRow {
  trial_ends_at: Date;
  email: string;
  customer_id: string | null;
  subscription_id: string | null;
  status: string | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean | null;
}

async function planRow(sql: Sql | Tx, userId: string): Promise<PlanRow> {
  const [row] = await sql<PlanRow[]>`
    SELECT u.trial_ends_at, u.email, s.customer_id, s.subscription_id, s.status, s.current_period_end,
           s.cancel_at_period_end
    FROM users u LEFT JOIN plan_subscriptions s ON s.user_id = u.id
    WHERE u.id = ${userId}`;
  if (!row) throw new ApiError('not_found');
  return row;
}

/** The provider's plan now. */
export async function getPlan(deps: Pick<Deps, 'config' | 'sql' | 'now'>, userId: string): Promise<Plan> {
  const row = await planRow(deps.sql, userId);
  const trialEndsAt = new Date(row.trial_ends_at);
  const subscribed = row.subscription_id !== null && row.status !== null;
  return {
    plan: !billingOf(deps.config)
      ? 'self_hosted'
      : subscribed && isPremium(row.status ?? undefined)
        ? 'premium'
        : trialEndsAt.getTime() > deps.now().getTime()
          ? 'trial'
          : 'expired',
    trialEndsAt: trialEndsAt.toISOString(),
    subscription: subscribed
      ? {
          status: row.status ?? 'incomplete',
          currentPeriodEnd: row.current_period_end ? new Date(row.current_period_end).toISOString() : null,
          cancelAtPeriodEnd: row.cancel_at_period_end ?? false,
        }
      : null,
    billingAvailable: billingOf(deps.config),
  };
}

function platformStripe(deps: Deps): Stripe {
  if (!deps.config.STRIPE_SECRET_KEY) throw new ApiError('billing_unavailable');
  return stripeClient(deps.config, deps.config.STRIPE_SECRET_KEY);
}

/** Stripe failures of the platform's own calls: unreachable → 502; our key refused → 503 (logged). */
function platformError(deps: Deps, err: unknown): unknown {
  const failure = stripeFailure(err);
  if (failure === 'network') return new ApiError('stripe_unavailable', { cause: err });
  if (failure === 'auth' || failure === 'invalid') {
    deps.log.error({ err }, 'the platform’s Stripe account refused a plan call (check STRIPE_SECRET_KEY)');
    return new ApiError('billing_unavailable', { cause: err });
  }
  return err;
}

/**
 * A Checkout Session (subscription mode) for Professional; the provider's Stripe customer on the platform
 * account is made once and kept in `plan_subscriptions`. 409 `conflict` while a subscription is on.
 */
export async function startPlanCheckout(deps: Deps, userId: string): Promise<{ url: string }> {
  const stripe = platformStripe(deps);
  const row = await planRow(deps.sql, userId);
  if (row.subscription_id && isPremium(row.status ?? undefined)) throw new ApiError('conflict');
  try {
    let customerId = row.customer_id;
    if (!customerId) {
      const customer = await stripe.customers.create(
        { email: row.email, metadata: { user_id: userId } },
        { idempotencyKey: `plan-customer:${userId}` },
      );
      const [stored] = await deps.sql<{ customer_id: string }[]>`
        INSERT INTO plan_subscriptions (user_id, customer_id, status, last_event_at)
        VALUES (${userId}, ${customer.id}, 'incomplete', to_timestamp(0))
        ON CONFLICT (user_id) DO UPDATE SET customer_id = plan_subscriptions.customer_id
        RETURNING customer_id`;
      customerId = stored?.customer_id ?? customer.id;
    }
    const settings = `${deps.config.publicOrigin}/dashboard/settings`;
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer: customerId,
        client_reference_id: userId,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: PLAN_CURRENCY.toLowerCase(),
              unit_amount: PLAN_PRICE_CENTS,
              recurring: { interval: 'month' },
              product_data: { name: 'Professional' },
            },
          },
        ],
        metadata: { user_id: userId },
        subscription_data: { metadata: { user_id: userId } },
        success_url: `${settings}?plan=success`,
        cancel_url: `${settings}?plan=cancelled`,
      },
      { idempotencyKey: `plan-checkout:${userId}:${randomUUID()}` },
    );
    if (!session.url) throw new ApiError('stripe_unavailable');
    return { url: session.url };
  } catch (err) {
    throw platformError(deps, err);
  }
}

/**
 * Asks Stripe to end the subscription at the end of the paid period; the state changes when its webhook
 * arrives. 409 `conflict` without a running subscription.
 */
export async function cancelPlan(deps: Deps, userId: string): Promise<Plan> {
  const stripe = platformStripe(deps);
  const row = await planRow(deps.sql, userId);
  if (!row.subscription_id || !isPremium(row.status ?? undefined)) throw new ApiError('conflict');
  try {
    await stripe.subscriptions.update(
      row.subscription_id,
      { cancel_at_period_end: true },
      { idempotencyKey: `plan-cancel:${row.subscription_id}:${randomUUID()}` },
    );
  } catch (err) {
    throw platformError(deps, err);
  }
  return getPlan(deps, userId);
}

/** Same-second events: a later step of the lifecycle wins (created < updated < deleted). */
const RANK: Record<string, number> = {
  'customer.subscription.created': 0,
  'customer.subscription.updated': 1,
  'customer.subscription.deleted': 2,
};

/**
 * A subscription event of the platform's account: applied when it is newer than the last one applied to
 * that customer's row (reordered deliveries never go back); `users.plan` follows the status.
 */
export async function applySubscriptionEvent(
  tx: Tx,
  type: string,
  subscription: Stripe.Subscription,
  createdAt: Date,
): Promise<boolean> {
  const customerId =
    typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  const periodEnd = subscription.items?.data?.[0]?.current_period_end ?? null;
  // Stored with the rank as microseconds, so "newer" is one comparison of timestamps.
  const eventAt = new Date(createdAt.getTime());
  const rank = RANK[type] ?? 1;
  const [row] = await tx<{ user_id: string; status: string }[]>`
    UPDATE plan_subscriptions SET
      subscription_id = ${subscription.id},
      status = ${subscription.status},
      current_period_end = ${periodEnd === null ? null : new Date(periodEnd * 1000)},
      cancel_at_period_end = ${subscription.cancel_at_period_end || subscription.cancel_at !== null},
      last_event_at = ${eventAt}::timestamptz + make_interval(secs => ${rank} / 1000000.0),
      updated_at = now()
    WHERE customer_id = ${customerId}
      AND last_event_at < ${eventAt}::timestamptz + make_interval(secs => ${rank} / 1000000.0)
      AND (subscription_id IS NULL OR subscription_id = ${subscription.id}
           OR status NOT IN ('active', 'trialing', 'past_due'))
    RETURNING user_id, status`;
  if (!row) return false;
  await tx`
    UPDATE users SET plan = ${isPremium(row.status) ? 'premium' : 'trial'}
    WHERE id = ${row.user_id}`;
  return true;
}

/** A completed plan Checkout: remembers the subscription id (its status comes with its own events). */
export async function linkPlanCheckout(tx: Tx, session: Stripe.Checkout.Session) {
  const customerId = typeof session.customer === 'string' ? session.customer : session.customer?.id;
  const subscriptionId =
    typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
  if (!customerId || !subscriptionId) return;
  await tx`
    UPDATE plan_subscriptions SET subscription_id = ${subscriptionId}, updated_at = now()
    WHERE customer_id = ${customerId} AND subscription_id IS NULL`;
}
