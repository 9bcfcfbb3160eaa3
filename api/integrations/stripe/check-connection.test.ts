import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectSeller, makeSeller, type PaymentsWorld, paymentsWorld } from '../../payments/testing';

/** The Integrations page's test of the Stripe connection: a real call with the stored key, to the stand-in. */
describe('POST /api/payments/stripe/check', () => {
  let w: PaymentsWorld;
  beforeAll(async () => {
    w = await paymentsWorld();
  });
  afterAll(() => w?.close());

  const check = (cookie: string) => call(w.t, 'POST', '/api/payments/stripe/check', { cookie });

  it('reads the connected account with the stored key, and says so when Stripe refuses it', async () => {
    const seller = await makeSeller(w.t, 'check');
    const before = await check(seller.cookie);
    expect(before.status).toBe(409);
    expect((await before.json()).error.code).toBe('stripe_not_connected');

    const account = await connectSeller(w, seller, 'Check GmbH');
    const calls = w.stripe.requests.length;
    const ok = await check(seller.cookie);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      accountId: account.accountId,
      accountName: 'Check GmbH',
      livemode: false,
    });
    const made = w.stripe.requests.slice(calls);
    expect(made.map((r) => [r.method, r.accountId])).toEqual([['GET', account.accountId]]);

    w.stripe.revokeKey(account.secretKey);
    const refused = await check(seller.cookie);
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.code).toBe('stripe_key_invalid');
  });

  it('checks only the caller’s own connection', async () => {
    const owner = await makeSeller(w.t, 'owner');
    await connectSeller(w, owner);
    const stranger = await makeSeller(w.t, 'stranger');
    const res = await check(stranger.cookie);
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe('stripe_not_connected');
  });

  it('is limited to 10 checks a minute per provider', async () => {
    const seller = await makeSeller(w.t, 'limit');
    await connectSeller(w, seller);
    for (let i = 0; i < 10; i++) expect((await check(seller.cookie)).status).toBe(200);
    const limited = await check(seller.cookie);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBeTruthy();
  });
});
