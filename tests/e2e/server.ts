import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { Server } from 'node:http';
import { join } from 'node:path';
import postgres from 'postgres';
import { startGoogleStandIn } from '../google/calendar-stand-in';
import { startStripeStandIn } from '../stripe/stand-in';

/**
 * The service for Playwright, on a database of its own: with DATABASE_URL, a fresh database `e2e_<PORT>`
 * on that server (its tables and its job queue's `graphile_worker` schema: runs side by side never see
 * each other's accounts, mails, rate-limit counters, or jobs, which a shared queue would hand to another
 * run's server); without it, the embedded database in the temp DATA_DIR the config passes. The database
 * of an earlier run on the same port is dropped first (a port serves one run at a time).
 */
const url = process.env.DATABASE_URL;
if (url) {
  const name = `e2e_${process.env.PORT}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  process.env.DATABASE_URL = own.toString();
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

/*
 * Google: `oauth2-mock-server` (authorise, token, revoke) and the Calendar API stand-in (tests/google), the
 * latter on E2E_GOOGLE_PORT so specs can reach its control routes (`/_stand-in/deny-next`, `/_stand-in/events`).
 */
const google = await startGoogleStandIn({ port: Number(process.env.E2E_GOOGLE_PORT ?? 0) });
Object.assign(process.env, google.env);

/*
 * The run's page loads: every document the browser asked the platform for (top-level pages and frames, by
 * `Sec-Fetch-Dest`), kept in E2E_DOCUMENTS_FILE for the summary reporter (tests/e2e/summary-reporter.ts).
 * The cost of an e2e run is mostly Chromium loading pages on two cores: this is the number to keep down.
 */
const documentsFile = process.env.E2E_DOCUMENTS_FILE;
if (documentsFile) {
  const loads = { document: 0, iframe: 0 };
  writeFileSync(documentsFile, JSON.stringify(loads));
  const emit = Server.prototype.emit;
  Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const dest = (args[0] as { headers: Record<string, string | undefined> }).headers['sec-fetch-dest'];
      if (dest === 'document' || dest === 'iframe') {
        loads[dest]++;
        writeFileSync(documentsFile, JSON.stringify(loads));
      }
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
}

await import('../../api/main');
