import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import {
  decryptSecret,
  encryptSecret,
  PaymentSecretsUnavailable,
  paymentSecretsKey,
  secretContext,
} from './secrets';
import { call, makeSeller, type PaymentsWorld, paymentsWorld } from './testing';

describe('the Stripe connection', () => {
  let w: PaymentsWorld;
  beforeAll(async () => {
    w = await paymentsWorld();
  });
  afterAll(() => w?.close());

  it('connects with a good key: the account is read, a webhook endpoint created, secrets stored encrypted', async () => {
    const seller = await makeSeller(w.t, 'connect');
    const account = w.stripe.createAccount({ name: 'Muster Design GmbH' });
    const before = await call(w.t, 'GET', '/api/payments/stripe', { cookie: seller.cookie });
    expect(await before.json()).toMatchObject({
      connected: false,
      webhookUrl: 'http://localhost:3000/api/webhooks/stripe',
    });

    const res = await call(w.t, 'PUT', '/api/payments/stripe', {
      cookie: seller.cookie,
      body: { secretKey: account.secretKey },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      connected: true,
      accountId: account.accountId,
      accountName: 'Muster Design GmbH',
      livemode: false,
      keyLast4: account.secretKey.slice(-4),
      webhookManaged: true,
    });
    expect(JSON.stringify(body)).not.toContain(account.secretKey);
    const endpoints = w.stripe.webhookEndpoints(account.accountId);
    expect(endpoints.map((e) => [e.url, [...e.enabled_events].sort()])).toEqual([
      [
        'http://localhost:3000/api/webhooks/stripe',
        [
          'checkout.session.completed',
          'invoice.paid',
          'invoice.payment_failed',
          'invoice.voided',
          'invoice_payment.paid',
          'payment_intent.succeeded',
        ],
      ],
    ]);
    // At rest: neither the key nor the webhook secret in plaintext; both decrypt only in their own place.
    const [row] = await w.t.sql<{ secret_key_enc: Uint8Array; webhook_secret_enc: Uint8Array }[]>`
      SELECT secret_key_enc, webhook_secret_enc FROM stripe_connections WHERE provider_id = ${seller.providerId}`;
    if (!row) throw new Error('no row');
    const stored = Buffer.concat([
      Buffer.from(row.secret_key_enc),
      Buffer.from(row.webhook_secret_enc),
    ]).toString('latin1');
    expect(stored).not.toContain(account.secretKey);
    expect(stored).not.toContain(endpoints[0]?.secret ?? 'none');
    const key = paymentSecretsKey(w.t.deps.config);
    expect(decryptSecret(key, row.secret_key_enc, secretContext(seller.providerId, 'secret_key'))).toBe(
      account.secretKey,
    );
    expect(() =>
      decryptSecret(key, row.secret_key_enc, secretContext(seller.providerId, 'webhook_secret')),
    ).toThrow();
    // Every POST to Stripe carried an idempotency key.
    const posts = w.stripe.requests.filter((r) => r.accountId === account.accountId && r.method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((r) => r.idempotencyKey)).toBe(true);

    // Disconnecting removes our endpoint and the row.
    expect((await call(w.t, 'DELETE', '/api/payments/stripe', { cookie: seller.cookie })).status).toBe(204);
    expect(w.stripe.webhookEndpoints(account.accountId)).toEqual([]);
    expect(
      await (await call(w.t, 'GET', '/api/payments/stripe', { cookie: seller.cookie })).json(),
    ).toMatchObject({ connected: false });
  });

  it('keeps a webhook secret the provider gives and creates no endpoint', async () => {
    const seller = await makeSeller(w.t, 'own-secret');
    const account = w.stripe.createAccount();
    const res = await call(w.t, 'PUT', '/api/payments/stripe', {
      cookie: seller.cookie,
      body: { secretKey: account.secretKey, webhookSecret: 'whsec_ownsecret12345678' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ connected: true, webhookManaged: false });
    expect(w.stripe.webhookEndpoints(account.accountId)).toEqual([]);
  });

  it('refuses a key Stripe does not know with 422 stripe_key_invalid and stores nothing', async () => {
    const seller = await makeSeller(w.t, 'bad-key');
    const res = await call(w.t, 'PUT', '/api/payments/stripe', {
      cookie: seller.cookie,
      body: { secretKey: `sk_test_${randomBytes(16).toString('hex')}` },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).error.code).toBe('stripe_key_invalid');
    const rows = await w.t.sql`SELECT 1 FROM stripe_connections WHERE provider_id = ${seller.providerId}`;
    expect(rows.length).toBe(0);
  });

  it('answers 502 stripe_unavailable when Stripe cannot be reached', async () => {
    const seller = await makeSeller(w.t, 'network');
    const account = w.stripe.createAccount();
    w.stripe.setNetworkDown(true);
    try {
      const res = await call(w.t, 'PUT', '/api/payments/stripe', {
        cookie: seller.cookie,
        body: { secretKey: account.secretKey },
      });
      expect(res.status).toBe(502);
      expect((await res.json()).error.code).toBe('stripe_unavailable');
    } finally {
      w.stripe.setNetworkDown(false);
    }
  });

  it('validates the key’s form before calling Stripe', async () => {
    const seller = await makeSeller(w.t, 'format');
    const count = w.stripe.requests.length;
    const res = await call(w.t, 'PUT', '/api/payments/stripe', {
      cookie: seller.cookie,
      body: { secretKey: 'pk_test_abc' },
    });
    expect(res.status).toBe(422);
    expect(w.stripe.requests.length).toBe(count);
  });
});

describe('payment secrets at rest', () => {
  const key = randomBytes(32);
  it('round-trips, and refuses changed bytes, another context and another key', () => {
    const sealed = encryptSecret(key, 'sk_test_secret', 'stripe:a:secret_key');
    expect(decryptSecret(key, sealed, 'stripe:a:secret_key')).toBe('sk_test_secret');
    const changed = Buffer.from(sealed);
    changed[changed.length - 1] = (changed[changed.length - 1] ?? 0) ^ 1;
    expect(() => decryptSecret(key, changed, 'stripe:a:secret_key')).toThrow();
    expect(() => decryptSecret(key, sealed, 'stripe:b:secret_key')).toThrow();
    expect(() => decryptSecret(randomBytes(32), sealed, 'stripe:a:secret_key')).toThrow();
    // A fresh IV each time: the same secret never looks the same twice.
    expect(encryptSecret(key, 'x', 'c').equals(encryptSecret(key, 'x', 'c'))).toBe(false);
  });

  it('generates one local key under DATA_DIR outside production, and requires PAYMENT_SECRETS_KEY in production', () => {
    const dir = mkdtempSync(join(tmpdir(), 'payment-key-'));
    const first = paymentSecretsKey(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }));
    const second = paymentSecretsKey(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }));
    expect(first.equals(second)).toBe(true);
    const file = join(dir, 'secrets', 'payment-secrets.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(first)).toBe(true);
    expect(() => paymentSecretsKey(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir }))).toThrow(
      PaymentSecretsUnavailable,
    );
    const hex = randomBytes(32).toString('hex');
    expect(
      paymentSecretsKey(loadConfig({ NODE_ENV: 'production', PAYMENT_SECRETS_KEY: hex })).toString('hex'),
    ).toBe(hex);
    expect(() => loadConfig({ PAYMENT_SECRETS_KEY: 'short' })).toThrow(/PAYMENT_SECRETS_KEY/);
  });
});
