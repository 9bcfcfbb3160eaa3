import { randomBytes } from 'node:crypto';
import dns from 'node:dns/promises';
import postgres from 'postgres';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase, type Sql } from '../db/client';
import { type Migration, migrate } from '../db/migrate';
import { createInProcessPubSub, createPostgresPubSub } from '../db/pubsub';
import type { AppDeps } from '../http/context';
import { createLogger } from '../http/logger';
import { createJobQueue } from '../jobs/queue';
import { installQueue } from '../jobs/worker';
import { createMailer } from '../mail/mailer';
import { createStore } from '../storage/create-store';

export const TEST_ORIGIN = 'http://localhost:3000';

/**
 * A fresh, migrated database for one test file: a private schema on the server named by DATABASE_URL
 * (and one for its job queue), or an in-memory PGlite when it is unset. Same SQL, same migrations as
 * production (or the first
 * `migrations` only, to test a migration on data from before it).
 */
export async function createTestDatabase(
  url: string | undefined = process.env.DATABASE_URL,
  options: { migrations?: Migration[] } = {},
): Promise<Database> {
  const silent = createLogger('silent');
  if (!url) {
    const db = await openDatabase({ DATA_DIR: undefined, DATABASE_POOL_MAX: 4 }, silent);
    await migrate(db.sql, options.migrations);
    await installQueue(db, silent);
    return db;
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const queueSchema = `${schema}_jobs`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE SCHEMA ${schema}`);
  const sql = postgres(url, {
    max: 5,
    onnotice: () => {},
    transform: { undefined: null },
    connection: { search_path: schema },
  }) as unknown as Sql;
  await migrate(sql, options.migrations);
  const db = { sql, kind: 'postgres', url, queueSchema } as const;
  await installQueue(db, silent);
  return {
    ...db,
    async close() {
      await sql.end({ timeout: 5 });
      await admin.unsafe(`DROP SCHEMA ${schema} CASCADE`);
      await admin.unsafe(`DROP SCHEMA IF EXISTS ${queueSchema} CASCADE`);
      await admin.end({ timeout: 5 });
    },
  };
}

export interface TestContext {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  sql: Sql;
  /** The database itself, e.g. for `startWorker(t.deps, t.db)`. */
  db: Database;
  /** Moves the injected clock forward (token expiry, sliding sessions). */
  advance(ms: number): void;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database, for `app.request(...)` tests (in-process, no ports). `databaseUrl`
 * picks the database for a suite that runs on both (`undefined`: the embedded one), else DATABASE_URL's.
 * @example const t = await createTestContext(); const res = await t.app.request('/api/health')
 */
export async function createTestContext(
  env: Record<string, string> = {},
  opts: { databaseUrl?: string | undefined } = {},
): Promise<TestContext> {
  const db = await createTestDatabase('databaseUrl' in opts ? opts.databaseUrl : process.env.DATABASE_URL);
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: TEST_ORIGIN, LOG_LEVEL: 'silent', ...env });
  const log = createLogger(config.LOG_LEVEL);
  let offset = 0;
  const jobs = createJobQueue(db.queueSchema);
  const deps: AppDeps = {
    config,
    sql: db.sql,
    pubsub: db.kind === 'postgres' ? createPostgresPubSub(db.sql) : createInProcessPubSub(),
    jobs,
    mailer: createMailer({
      sql: db.sql,
      log,
      jobs,
      apiKey: config.RESEND_API_KEY,
      baseUrl: config.RESEND_BASE_URL,
      from: config.MAIL_FROM,
    }),
    store: createStore(config, log),
    log,
    // Tests that verify domains replace it with a stub (`t.deps.dns = …`); the app reads deps per request.
    dns,
    now: () => new Date(Date.now() + offset),
    version: 'test',
  };
  return {
    app: createApp(deps),
    deps,
    sql: db.sql,
    db,
    advance: (ms) => {
      offset += ms;
    },
    close: () => {
      deps.store.close();
      return db.close();
    },
  };
}

/** JSON request headers a same-origin browser would send. */
export function jsonHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Origin: TEST_ORIGIN,
    'Sec-Fetch-Site': 'same-origin',
    ...extra,
  };
}
