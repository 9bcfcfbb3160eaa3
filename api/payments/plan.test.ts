import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProvider } from '../../tests/integration/isolation/world';
import { call, type PaymentsWorld, paymentsWorld } from './testing';

const URL_ = 'http://localhost:3000/api/webhooks/stripe';

describe('the provider’s plan', () => {
  let w: PaymentsWorld;
  beforeAll(async () => {
    w = await paymentsWorld({ STRIPE_WEBHOOK_SECRET: 'whsec_platformsecret1234567890' });
  });
  afterAll(() => w?.close());

  const plan = async (cookie: string) =>
    (await (await call(w.t, 'GET', '/api/plan', { cookie })).json()) as {
      plan: string;
      subscription: { status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: string | null } | null;
      billingAvailable: boolean;
    };
  const userPlan = async (id: string) =>
    (await w.t.sql<{ plan: string }[]>`SELECT plan FROM users WHERE id = ${id}`)[0]?.plan;

  it('is a trial first, expired after it, and premium after subscribing through Checkout', async () => {
    const provider = await makeProvider(w.t, 'plan');
    expect(await plan(provider.cookie)).toMatchObject({
      plan: 'trial',
      subscription: null,
      billingAvailable: true,
    });
    await w.t
      .sql`UPDATE users SET trial_ends_at = now() - interval '1 day' WHERE id = ${provider.providerId}`;
    expect((await plan(provider.cookie)).plan).toBe('expired');

    const res = await call(w.t, 'POST', '/api/plan/checkout', { cookie: provider.cookie });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const sessionId = url.split('/').at(-1) ?? '';
    const session = w.stripe.session(w.platform.accountId, sessionId);
    expect(session).toMatchObject({
      mode: 'subscription',
      amount_total: 900,
      currency: 'eur',
      success_url: 'http://localhost:3000/dashboard/settings?plan=success',
      cancel_url: 'http://localhost:3000/dashboard/settings?plan=cancelled',
    });
    // One Stripe customer per provider, kept for the next checkout.
    const again = await call(w.t, 'POST', '/api/plan/checkout', { cookie: provider.cookie });
    const second = w.stripe.session(
      w.platform.accountId,
      ((await again.json()) as { url: string }).url.split('/').at(-1) ?? '',
    );
    expect(second.customer).toBe(session.customer);

    const done = await w.stripe.completeCheckout(w.platform.accountId, sessionId);
    expect(done.deliveries.map((d) => [d.type, d.status])).toEqual([
      ['customer.subscription.created', 200],
      ['checkout.session.completed', 200],
    ]);
    expect(await plan(provider.cookie)).toMatchObject({
      plan: 'premium',
      subscription: { status: 'active', cancelAtPeriodEnd: false },
    });
    expect(await userPlan(provider.providerId)).toBe('premium');
    expect((await call(w.t, 'POST', '/api/plan/checkout', { cookie: provider.cookie })).status).toBe(409);

    // Cancel: Stripe is asked; the webhook sets the flag; the plan stays premium to the period's end.
    const cancelled = await call(w.t, 'POST', '/api/plan/cancel', { cookie: provider.cookie });
    expect(cancelled.status).toBe(200);
    const sub = w.stripe.subscriptions(w.platform.accountId).find((s) => s.customer === session.customer);
    expect(sub?.cancel_at_period_end).toBe(true);
    expect(await plan(provider.cookie)).toMatchObject({
      plan: 'premium',
      subscription: { cancelAtPeriodEnd: true },
    });
    const posts = w.stripe.requests.filter(
      (r) => r.accountId === w.platform.accountId && r.method === 'POST',
    );
    expect(posts.every((r) => r.idempotencyKey)).toBe(true);

    // The period ends: deleted → expired again.
    await w.stripe.endSubscription(w.platform.accountId, sub?.id ?? '');
    expect((await plan(provider.cookie)).plan).toBe('expired');
    expect(await userPlan(provider.providerId)).toBe('trial');
  });

  it('never lets an older subscription event overwrite a newer one; duplicates change nothing', async () => {
    const provider = await makeProvider(w.t, 'order');
    await call(w.t, 'POST', '/api/plan/checkout', { cookie: provider.cookie });
    const [row] = await w.t.sql<{ customer_id: string }[]>`
      SELECT customer_id FROM plan_subscriptions WHERE user_id = ${provider.providerId}`;
    const base = {
      id: 'sub_ordered1',
      object: 'subscription',
      customer: row?.customer_id,
      cancel_at_period_end: false,
      cancel_at: null,
      items: { object: 'list', data: [{ current_period_end: 2_000_000_000 }] },
    };
    const t0 = Math.floor(Date.now() / 1000);
    const created = w.stripe.makeEvent(
      w.platform.accountId,
      'customer.subscription.created',
      { ...base, status: 'active' },
      { created: t0 },
    );
    const pastDue = w.stripe.makeEvent(
      w.platform.accountId,
      'customer.subscription.updated',
      { ...base, status: 'past_due' },
      { created: t0 + 10 },
    );
    const deleted = w.stripe.makeEvent(
      w.platform.accountId,
      'customer.subscription.deleted',
      { ...base, status: 'canceled' },
      { created: t0 + 20 },
    );
    const send = (e: Stripe.Event) => w.stripe.deliver(URL_, e, { secret: w.platform.webhookSecret });
    // Out of order: deleted first, then the older ones.
    for (const e of [deleted, created, pastDue, created]) expect((await send(e)).status).toBe(200);
    expect(await plan(provider.cookie)).toMatchObject({
      plan: 'trial',
      subscription: { status: 'canceled' },
    });
    expect(await userPlan(provider.providerId)).toBe('trial');

    const other = await makeProvider(w.t, 'order2');
    await call(w.t, 'POST', '/api/plan/checkout', { cookie: other.cookie });
    const [row2] = await w.t.sql<{ customer_id: string }[]>`
      SELECT customer_id FROM plan_subscriptions WHERE user_id = ${other.providerId}`;
    const base2 = { ...base, id: 'sub_ordered2', customer: row2?.customer_id };
    const c2 = w.stripe.makeEvent(
      w.platform.accountId,
      'customer.subscription.created',
      { ...base2, status: 'incomplete' },
      { created: t0 },
    );
    const u2 = w.stripe.makeEvent(
      w.platform.accountId,
      'customer.subscription.updated',
      { ...base2, status: 'active' },
      { created: t0 },
    );
    for (const e of [u2, c2, u2]) await send(e);
    expect(await plan(other.cookie)).toMatchObject({ plan: 'premium', subscription: { status: 'active' } });
  });

  it('refuses plan events not signed with the platform’s secret', async () => {
    const provider = await makeProvider(w.t, 'forged');
    await call(w.t, 'POST', '/api/plan/checkout', { cookie: provider.cookie });
    const [row] = await w.t.sql<{ customer_id: string }[]>`
      SELECT customer_id FROM plan_subscriptions WHERE user_id = ${provider.providerId}`;
    const forged = w.stripe.makeEvent(w.platform.accountId, 'customer.subscription.created', {
      id: 'sub_forged',
      object: 'subscription',
      customer: row?.customer_id,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      items: { object: 'list', data: [] },
    });
    for (const secret of [null, 'whsec_someoneelse123456789'])
      expect((await w.stripe.deliver(URL_, forged, { secret })).status).toBe(400);
    expect((await plan(provider.cookie)).plan).toBe('trial');
  });

  it('answers 503 billing_unavailable without the platform’s key', async () => {
    const bare = await paymentsWorld({ STRIPE_SECRET_KEY: '' });
    try {
      const provider = await makeProvider(bare.t, 'bare');
      expect(
        (await (await call(bare.t, 'GET', '/api/plan', { cookie: provider.cookie })).json()).billingAvailable,
      ).toBe(false);
      for (const path of ['/api/plan/checkout', '/api/plan/cancel']) {
        const res = await call(bare.t, 'POST', path, { cookie: provider.cookie });
        expect([res.status, (await res.json()).error.code]).toEqual([503, 'billing_unavailable']);
      }
    } finally {
      await bare.close();
    }
  });
});
