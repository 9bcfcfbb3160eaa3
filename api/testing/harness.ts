import { createHash, randomBytes } from 'node:crypto';
import dns from 'node:dns/promises';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import postgres from 'postgres';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase, QUEUE_SCHEMA, type Sql } from '../db/client';
import { type Migration, migrate, readMigrations } from '../db/migrate';
import { createInProcessPubSub, createPostgresPubSub } from '../db/pubsub';
import { grantAppRole } from '../db/scoped';
import type { AppDeps } from '../http/context';
import { createLogger } from '../http/logger';
import { createJobQueue } from '../jobs/queue';
import { installQueue } from '../jobs/worker';
import { createMailer } from '../mail/mailer';
import { createStore } from '../storage/create-store';

export const TEST_ORIGIN = 'http://localhost:3000';

/** What a migrated template holds: the migrations (by checksum) and the job queue's version. */
function templateName(migrations: Migration[]): string {
  // graphile-worker's version (its package exports no package.json): its schema is in the template too.
  const entry = createRequire(import.meta.url).resolve('graphile-worker');
  const queueVersion = (
    JSON.parse(readFileSync(join(entry, '../../package.json'), 'utf8')) as { version: string }
  ).version;
  const hash = createHash('sha256')
    .update(`${TEMPLATE_LAYOUT}\n${queueVersion}\n`)
    .update(migrations.map((m) => `${m.name} ${m.checksum}`).join('\n'))
    .digest('hex');
  return `tmpl_${hash.slice(0, 24)}`;
}

/** Bumped when what a template database contains changes in a way its name would not show. */
// 3: the app roles' grants and policies on the job queue's schema (`grantAppRole`).
const TEMPLATE_LAYOUT = 3;
/** Any constant: serialises building a template between the test processes (and parallel runs). */
const TEMPLATE_LOCK_ID = 727_002;

function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

const templates = new Map<string, Promise<string>>();

/**
 * The name of a database on the server at `url` that holds every migration and the job queue's tables,
 * built once (by whichever test process asks first; the others wait on an advisory lock and then find it)
 * and kept for later runs: its name is a hash of what it contains, so a new or edited migration makes
 * a new one. It is built under a temporary name and renamed when complete, so no run ever sees half of one.
 */
function postgresTemplate(url: string): Promise<string> {
  let template = templates.get(url);
  if (!template) {
    template = buildPostgresTemplate(url);
    templates.set(url, template);
    template.catch(() => templates.delete(url));
  }
  return template;
}

async function buildPostgresTemplate(url: string): Promise<string> {
  const name = templateName(readMigrations());
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  const exists = async () =>
    (await admin`SELECT 1 FROM pg_database WHERE datname = ${name}`.then((rows) => rows.length)) > 0;
  try {
    if (await exists()) return name;
    await admin`SELECT pg_advisory_lock(${TEMPLATE_LOCK_ID})`;
    try {
      if (await exists()) return name;
      const building = `${name}_build_${randomBytes(4).toString('hex')}`;
      await admin.unsafe(`CREATE DATABASE ${building}`);
      try {
        const db = await openTestDatabase(url, building);
        try {
          await migrate(db.sql);
          await installQueue(db, createLogger('silent'));
          await grantAppRole(db.sql, db.queueSchema);
        } finally {
          await db.sql.end({ timeout: 5 });
        }
        await admin.unsafe(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } catch (err) {
        await admin.unsafe(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        throw err;
      }
      return name;
    } finally {
      await admin`SELECT pg_advisory_unlock(${TEMPLATE_LOCK_ID})`;
    }
  } finally {
    await admin.end({ timeout: 5 });
  }
}

/**
 * The embedded database's counterpart of the template: the image of the first database a test process
 * migrated (its data directory, in memory); the process's later ones start from a copy of it (no initdb,
 * no migrations: a fraction of the time).
 */
let embeddedImage: Promise<Uint8Array> | undefined;

/** The app's pool on database `name` of the server at `url`, the job queue in graphile-worker's schema. */
async function openTestDatabase(url: string, name: string) {
  const dbUrl = databaseUrl(url, name);
  const sql = postgres(dbUrl, {
    max: 5,
    onnotice: () => {},
    transform: { undefined: null },
  }) as unknown as Sql;
  return { sql, kind: 'postgres', url: dbUrl, queueSchema: QUEUE_SCHEMA } as const;
}

/**
 * A fresh, migrated database for one test file: a database of its own on the server named by
 * DATABASE_URL, or an in-memory PGlite when it is unset. Same SQL, same migrations as production.
 * On PostgreSQL it is a copy of a template migrated once for every test run (`CREATE DATABASE … TEMPLATE`:
 * milliseconds instead of a second of migrations), on PGlite one started from the image of a database
 * migrated once per test process; with `migrations` it starts empty and applies those (the first ones
 * only, to test a migration on data from before it).
 */
export async function createTestDatabase(
  url: string | undefined = process.env.DATABASE_URL,
  options: { migrations?: Migration[] } = {},
): Promise<Database> {
  const silent = createLogger('silent');
  if (!url) {
    const image = options.migrations ? undefined : await embeddedImage?.catch(() => undefined);
    if (image) return openDatabase({ DATA_DIR: undefined, DATABASE_POOL_MAX: 4 }, silent, { image });
    const db = await openDatabase({ DATA_DIR: undefined, DATABASE_POOL_MAX: 4 }, silent);
    try {
      await migrate(db.sql, options.migrations);
      await installQueue(db, silent);
      await grantAppRole(db.sql, db.queueSchema);
      // The process's first fully migrated database leaves its image for the next ones.
      if (!options.migrations && !embeddedImage && db.dump) {
        embeddedImage = db.dump();
        await embeddedImage.catch(() => {
          embeddedImage = undefined;
        });
      }
    } catch (err) {
      await db.close();
      throw err;
    }
    return db;
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  try {
    if (options.migrations) {
      await admin.unsafe(`CREATE DATABASE ${name}`);
      db = await openTestDatabase(url, name);
      await migrate(db.sql, options.migrations);
      await installQueue(db, silent);
      await grantAppRole(db.sql, db.queueSchema);
    } else {
      await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${await postgresTemplate(url)}`);
      db = await openTestDatabase(url, name);
    }
  } catch (err) {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end({ timeout: 5 });
    throw err;
  }
  return {
    ...db,
    async close() {
      await db.sql.end({ timeout: 5 });
      // Not FORCE: that cuts off a job worker's `pg` pool a test left open, and its clients' error is then
      // uncaught in whichever file runs next. A database still in use after PostgreSQL's own 5 s wait stays
      // behind (as the per-file schemas did before; CI's machine is fresh, `t_*` locally).
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name}`).catch((err: { code?: string }) => {
        if (err.code !== '55006') throw err;
      });
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
