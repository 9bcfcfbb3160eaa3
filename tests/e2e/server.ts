import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { startStripeStandIn } from '../stripe/stand-in';

/**
 * The service for Playwright, on a database of its own: with DATABASE_URL, a fresh schema on that server
 * (so runs never see each other's accounts, mails or rate-limit counters); without it, the embedded
 * database in the temp DATA_DIR the config passes. Schemas of runs older than two hours are dropped.
 */
const url = process.env.DATABASE_URL;
if (url) {
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const stale = await admin<
    { nspname: string }[]
  >`SELECT nspname FROM pg_namespace WHERE nspname LIKE 'e2e\\_%'`;
  // Only schemas older than two hours: another run may be using a newer one right now.
  const cutoff = Date.now() - 2 * 60 * 60 * 1000;
  for (const { nspname } of stale) {
    const started = Number.parseInt(nspname.slice(4), 36);
    if (Number.isNaN(started) || started < cutoff) {
      await admin.unsafe(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
    }
  }
  const schema = `e2e_${Date.now().toString(36)}`;
  await admin.unsafe(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const scoped = new URL(url);
  scoped.searchParams.set('search_path', schema);
  process.env.DATABASE_URL = scoped.toString();
}

/*
 * A remote the federation spec took offline (`dist/<name>.offline`) in a run that was stopped before it
 * could move it back is served again.
 */
const dist = process.env.DIST_DIR ?? 'dist';
for (const parked of readdirSync(dist).filter((name) => name.endsWith('.offline'))) {
  const served = join(dist, parked.slice(0, -'.offline'.length));
  if (!existsSync(served)) renameSync(join(dist, parked), served);
}

/*
 * Stripe: the real SDK against the stand-in (tests/stripe), on E2E_STRIPE_PORT so specs can open accounts
 * on it (`POST /_stand-in/accounts`). The platform account (the providers' plan) and its webhook endpoint are
 * made here; a provider's own account sends to the endpoint our API creates when the provider connects it.
 */
const stripe = await startStripeStandIn({ port: Number(process.env.E2E_STRIPE_PORT ?? 0) });
const platform = stripe.createAccount({ name: 'Client Portal platform' });
const platformHook = stripe.addWebhookEndpoint(
  platform.accountId,
  `${process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT}`}/api/webhooks/stripe`,
);
process.env.STRIPE_API_BASE = stripe.url;
process.env.STRIPE_SECRET_KEY = platform.secretKey;
process.env.STRIPE_WEBHOOK_SECRET = platformHook.secret;
process.env.PAYMENT_SECRETS_KEY ??= randomBytes(32).toString('base64');

await import('../../api/main');
