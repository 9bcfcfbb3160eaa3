import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../api/config';
import { type Database, openDatabase, type Sql } from '../../api/db/client';
import type { AppDeps } from '../../api/http/context';
import { createLogger } from '../../api/http/logger';
import { createDeps, type RunningServer, startServer } from '../../api/server';
import { startResendStandIn } from '../../api/testing/resend-stand-in';

/**
 * Two server instances (createDeps + startServer, as api/main.ts runs them) on one database: a fresh
 * PostgreSQL database on the server named by DATABASE_URL, or, without it, one embedded database that
 * both instances reach through its socket. Mail goes to the Resend stand-in through the real SDK.
 */
const MAILS = process.env.DATABASE_URL ? 1_000 : 200;
/** The first FAILURES delivery attempts fail, so those mails are retried. */
const FAILURES = Math.round(MAILS * 0.2);

interface Instance {
  deps: AppDeps;
  server: RunningServer;
  /** Delivery attempts this instance's worker made. */
  attempts: number;
}

let resend: Awaited<ReturnType<typeof startResendStandIn>>;
let shared: { first: Database; second: Database; drop(): Promise<void> };
const instances: Instance[] = [];

/** One database, opened twice (each instance has its own pool, as two processes would). */
async function sharedDatabase(): Promise<typeof shared> {
  const log = createLogger('silent');
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `jobs_${randomBytes(5).toString('hex')}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const open = () =>
      openDatabase({ DATABASE_URL: dbUrl.href, DATA_DIR: undefined, DATABASE_POOL_MAX: 5 }, log);
    return {
      first: await open(),
      second: await open(),
      async drop() {
        await admin.unsafe(`DROP DATABASE ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const first = await openDatabase({ DATA_DIR: undefined, DATABASE_POOL_MAX: 1 }, log);
  const sql = postgres(first.url, {
    max: 1,
    onnotice: () => {},
    transform: { undefined: null },
  }) as unknown as Sql;
  const second: Database = { ...first, sql, close: () => sql.end({ timeout: 5 }) };
  return { first, second, drop: async () => {} };
}

async function startInstance(db: Database): Promise<Instance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    DIST_DIR: join(import.meta.dirname, 'no-dist'),
    RESEND_API_KEY: 're_test_instances',
    RESEND_BASE_URL: resend.url,
    // Retries in milliseconds instead of seconds: configuration, not a test switch.
    JOBS_RETRY_BASE_MS: '20',
    JOBS_RETRY_MAX_MS: '200',
    JOBS_POLL_INTERVAL_MS: '100',
    JOBS_CONCURRENCY: '4',
  });
  const { deps } = await createDeps(config, createLogger('silent'), db);
  const instance = { deps, attempts: 0 } as Instance;
  const deliver = deps.mailer.deliver;
  deps.mailer.deliver = (id, attempt) => {
    instance.attempts += 1;
    return deliver(id, attempt);
  };
  instance.server = await startServer(deps, db);
  return instance;
}

beforeAll(async () => {
  resend = await startResendStandIn();
  shared = await sharedDatabase();
  // One after the other: the first applies the migrations, the second finds them done.
  instances.push(await startInstance(shared.first));
  instances.push(await startInstance(shared.second));
}, 120_000);

afterAll(async () => {
  // The embedded database lives in the first instance: stop the second first.
  for (const instance of [...instances].reverse()) await instance.server.stop();
  await shared?.drop();
  await resend?.close();
});

describe(`two server instances on one database (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded'})`, () => {
  it(`deliver ${MAILS} mails enqueued through both exactly once each, retrying while Resend fails`, async () => {
    resend.failNext(FAILURES);
    const [first, second] = instances as [Instance, Instance];
    // Half through each instance, 50 to a transaction, both at once.
    const enqueue = async (instance: Instance, offset: number) => {
      for (let batch = 0; batch < MAILS / 2; batch += 50) {
        await instance.deps.sql.begin(async (tx) => {
          for (let i = batch; i < batch + 50; i++) {
            const to = `client-${offset + i}@instances.test`;
            await instance.deps.mailer.queue(tx, {
              to,
              subject: `Mail ${offset + i}`,
              html: `<p>${to}</p>`,
              text: to,
              kind: 'test_mail',
            });
          }
        });
      }
    };
    await Promise.all([enqueue(first, 0), enqueue(second, MAILS / 2)]);

    await vi.waitFor(() => expect(resend.received.length).toBeGreaterThanOrEqual(MAILS), {
      timeout: 120_000,
      interval: 100,
    });
    // Let any duplicate that would follow arrive.
    await new Promise((r) => setTimeout(r, 500));

    const recipients = resend.received.map((r) => r.body.to);
    expect(recipients).toHaveLength(MAILS);
    expect(new Set(recipients).size).toBe(MAILS);
    expect(resend.failures()).toBe(FAILURES);
    // Every attempt is one job run: MAILS first attempts plus one retry per failure, none twice.
    expect(first.attempts + second.attempts).toBe(MAILS + FAILURES);
    expect(first.attempts).toBeGreaterThan(0);
    expect(second.attempts).toBeGreaterThan(0);

    const rows = await first.deps.sql<{ status: string; attempts: number; n: number }[]>`
      SELECT status, attempts, count(*)::int AS n FROM outbox_emails GROUP BY status, attempts ORDER BY attempts`;
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    expect(rows.reduce((sum, r) => sum + r.n, 0)).toBe(MAILS);
    expect(rows.reduce((sum, r) => sum + r.n * r.attempts, 0)).toBe(MAILS + FAILURES);
    const queue = await first.deps.sql`SELECT 1 FROM ${first.deps.sql(first.deps.jobs.schema)}.jobs`;
    expect(queue).toHaveLength(0);
  }, 180_000);
});
