import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '../../tests/stripe/stand-in';
import { stripeClient, stripeFailure } from './stripe-client';

/** The client factory against the stand-in, and the stand-in behaving as Stripe does where it matters. */
describe('the Stripe client and the stand-in', () => {
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
  });
  afterAll(() => stripe?.close());

  it('talks to STRIPE_API_BASE with the SDK, form-encoded, with the key’s account', async () => {
    const { accountId, secretKey } = stripe.createAccount({ name: 'Base' });
    const client = stripeClient({ STRIPE_API_BASE: stripe.url }, secretKey);
    expect((await client.accounts.retrieveCurrent()).id).toBe(accountId);
    const customer = await client.customers.create({ email: 'a@example.com', metadata: { client_id: 'c1' } });
    expect(customer.metadata).toEqual({ client_id: 'c1' });
    expect(stripe.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      accountId,
      body: { email: 'a@example.com', metadata: { client_id: 'c1' } },
    });
  });

  it('replays an idempotent request with the same body and refuses the key with another body', async () => {
    const { accountId, secretKey } = stripe.createAccount();
    const client = stripeClient({ STRIPE_API_BASE: stripe.url }, secretKey);
    const first = await client.customers.create({ name: 'Once' }, { idempotencyKey: 'same-key' });
    const again = await client.customers.create({ name: 'Once' }, { idempotencyKey: 'same-key' });
    expect(again.id).toBe(first.id);
    expect(stripe.customers(accountId).length).toBe(1);
    const other = await client.customers
      .create({ name: 'Twice' }, { idempotencyKey: 'same-key' })
      .catch((e) => e);
    expect(other.type).toBe('StripeIdempotencyError');
    expect(stripe.customers(accountId).length).toBe(1);
  });

  it('classifies a refused key, a missing object and an unreachable server', async () => {
    const unknown = stripeClient(
      { STRIPE_API_BASE: stripe.url },
      `sk_test_${randomBytes(12).toString('hex')}`,
    );
    const refused = await unknown.accounts.retrieveCurrent().catch((e) => e);
    expect([refused.statusCode, stripeFailure(refused)]).toEqual([401, 'auth']);
    const { secretKey } = stripe.createAccount();
    const client = stripeClient({ STRIPE_API_BASE: stripe.url }, secretKey);
    const missing = await client.invoices.retrieve('in_missing').catch((e) => e);
    expect([missing.statusCode, stripeFailure(missing)]).toEqual([404, 'invalid']);
    stripe.revokeKey(secretKey);
    expect(stripeFailure(await client.accounts.retrieveCurrent().catch((e) => e))).toBe('auth');
    stripe.setNetworkDown(true);
    try {
      const down = await stripeClient({ STRIPE_API_BASE: stripe.url }, 'sk_test_any')
        .accounts.retrieveCurrent()
        .catch((e) => e);
      expect(stripeFailure(down)).toBe('network');
    } finally {
      stripe.setNetworkDown(false);
    }
  });

  it('serves the hosted Checkout page: Pay completes the session and redirects to success_url', async () => {
    const { accountId, secretKey } = stripe.createAccount();
    const client = stripeClient({ STRIPE_API_BASE: stripe.url }, secretKey);
    const customer = await client.customers.create({ name: 'Payer' });
    const session = await client.checkout.sessions.create({
      mode: 'payment',
      customer: customer.id,
      line_items: [
        {
          quantity: 1,
          price_data: { currency: 'eur', unit_amount: 1234, product_data: { name: 'Invoice 1' } },
        },
      ],
      success_url: 'https://portal.example/done?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://portal.example/back',
    });
    const page = await fetch(session.url ?? '');
    const html = await page.text();
    expect(html).toContain('12.34 EUR');
    expect(html).toContain('>Pay<');
    expect(html).toContain('>Decline card<');
    const paid = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`https://portal.example/done?session=${session.id}`);
    expect(stripe.session(accountId, session.id)).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
    });
    expect((await client.checkout.sessions.retrieve(session.id)).payment_status).toBe('paid');
  });
});
