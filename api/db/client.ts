import postgres from 'postgres';
import type { Logger } from '../http/logger';
import { startEmbeddedPostgres } from './pglite';

export type Sql = postgres.Sql<Record<string, never>>;
export type Tx = postgres.TransactionSql<Record<string, never>>;

export interface Database {
  sql: Sql;
  kind: 'postgres' | 'embedded';
  /** Closes the pool (and the embedded server when there is one). */
  close(): Promise<void>;
}

/**
 * Opens the database named by DATABASE_URL, or the embedded PGlite under DATA_DIR when it is unset.
 * Both are reached through postgres.js, so every query in the code base is the same SQL.
 */
export async function openDatabase(
  config: { DATABASE_URL?: string | undefined; DATA_DIR: string | undefined; DATABASE_POOL_MAX: number },
  log: Logger,
): Promise<Database> {
  const options = {
    max: config.DATABASE_POOL_MAX,
    onnotice: () => {},
    transform: { undefined: null },
    connection: { application_name: 'client-portal' },
  } satisfies postgres.Options<Record<string, never>>;

  if (config.DATABASE_URL) {
    const sql = postgres(config.DATABASE_URL, options) as unknown as Sql;
    return { sql, kind: 'postgres', close: () => sql.end({ timeout: 5 }) };
  }

  const embedded = await startEmbeddedPostgres(config.DATA_DIR, 4, log);
  const sql = postgres({
    ...options,
    // PGlite is one session and its socket interleaves the protocol messages of concurrent connections
    // (only a transaction keeps one connection's messages together), so the pool has one connection;
    // postgres.js pipelines queries on it. Inside `sql.begin(tx => …)` use only `tx`: a query on `sql`
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
    async close() {
      await sql.end({ timeout: 5 });
      await embedded.stop();
    },
  };
}
