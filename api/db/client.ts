import postgres from 'postgres';
import type { Logger } from '../http/logger';
import { startEmbeddedPostgres } from './pglite';

export type Sql = postgres.Sql<Record<string, never>>;
export type Tx = postgres.TransactionSql<Record<string, never>>;

/** graphile-worker's own default schema. */
export const QUEUE_SCHEMA = 'graphile_worker';

/**
 * Clients the embedded database accepts: the app's one connection, the job worker's pool
 * (JOBS_CONCURRENCY + 2, at most 34), the webhook lane's (at most 6) and a few to spare; the socket
 * refuses more.
 */
const EMBEDDED_MAX_CONNECTIONS = 48;

export interface Database {
  sql: Sql;
  kind: 'postgres' | 'embedded';
  /** A connection string to the same database, for a second driver (the job queue's `pg` pool). */
  url: string;
  /** The schema the job queue keeps its tables in (a private one per test database). */
  queueSchema: string;
  /** Closes the pool (and the embedded server when there is one). */
  close(): Promise<void>;
  /** In memory only: the data directory's image, to open another database from (`openDatabase`'s `image`). */
  dump?(): Promise<Uint8Array>;
  /**
   * Embedded on a data directory: a consistent image of it (PGlite's `dumpDataDir`, a tar file, taken
   * between the protocol messages of its one session), for a backup of a running service (`cli/backup.ts`).
   */
  backup?(): Promise<Uint8Array>;
}

/**
 * How a pool (re)connects while the server is away (issue 31, a PostgreSQL restart): a connection attempt
 * gives up after `connectTimeoutS` (postgres.js waits 30 s by default), and the pause before the next
 * attempt grows with the failures in a row but stays under a second (postgres.js's own grows to 20 s, so
 * a pool that failed often during an outage would keep serving 503s for up to 20 s after the server was
 * back).
 */
export function reconnectOptions(connectTimeoutS = 5) {
  return {
    connect_timeout: connectTimeoutS,
    backoff: (failures: number) => Math.min(0.05 * 2 ** failures, 1) * (0.5 + Math.random() / 2),
  };
}

/**
 * Opens the database named by DATABASE_URL, or the embedded PGlite under DATA_DIR when it is unset.
 * Both are reached through postgres.js, so every query in the code base is the same SQL.
 */
export async function openDatabase(
  config: {
    DATABASE_URL?: string | undefined;
    DATA_DIR: string | undefined;
    DATABASE_POOL_MAX: number;
    /** postgres.js's `connect_timeout` (seconds); 5 when not given. */
    DATABASE_CONNECT_TIMEOUT_S?: number;
    JOBS_SCHEMA?: string;
  },
  log: Logger,
  /** In memory only (no DATABASE_URL, no DATA_DIR): start from this image (`Database.dump`). */
  opts: { image?: Uint8Array } = {},
): Promise<Database> {
  const options = {
    max: config.DATABASE_POOL_MAX,
    onnotice: () => {},
    transform: { undefined: null },
    connection: { application_name: 'client-portal' },
    ...reconnectOptions(config.DATABASE_CONNECT_TIMEOUT_S),
  } satisfies postgres.Options<Record<string, never>>;

  if (config.DATABASE_URL) {
    const sql = postgres(config.DATABASE_URL, options) as unknown as Sql;
    return {
      sql,
      kind: 'postgres',
      url: config.DATABASE_URL,
      queueSchema: config.JOBS_SCHEMA ?? QUEUE_SCHEMA,
      close: () => sql.end({ timeout: 5 }),
    };
  }

  const embedded = await startEmbeddedPostgres(
    config.DATA_DIR,
    EMBEDDED_MAX_CONNECTIONS,
    log,
    config.DATA_DIR === undefined ? opts.image : undefined,
  );
  const sql = postgres({
    ...options,
    // PGlite is one session: its socket runs one client's query batch or transaction at a time
    // (`SessionQueue` in pglite.ts), so more connections add no parallelism. The pool has one connection
    // and postgres.js pipelines queries on it (the job worker's pool is the only other client). Inside `sql.begin(tx => …)` use only `tx`: a query on `sql`
    // would wait for the connection the transaction holds.
    max: 1,
    host: embedded.host,
    port: embedded.port,
    database: 'postgres',
    username: 'postgres',
    // Named prepared statements, as on a real server (postgres.js's default; random names per
    // connection, so nothing collides in PGlite's one session): PGlite parses and plans in WebAssembly
    // on the event loop's thread, and re-planning every query tripled the API's CPU per request
    // (a portal's dashboard 9.3 → 2.8 ms, the widget handoff 15.3 → 6.8 ms).
    prepare: true,
  }) as unknown as Sql;
  return {
    sql,
    kind: 'embedded',
    url: `postgres://postgres@${embedded.host}:${embedded.port}/postgres`,
    queueSchema: QUEUE_SCHEMA,
    async close() {
      await sql.end({ timeout: 5 });
      await embedded.stop();
    },
    ...(config.DATA_DIR === undefined ? { dump: () => embedded.dump() } : { backup: () => embedded.dump() }),
  };
}
