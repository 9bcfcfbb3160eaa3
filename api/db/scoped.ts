import type postgres from 'postgres';
import type { Scope } from '../auth/scope';
import type { Sql } from './client';
import type { PubSub } from './pubsub';
import { isDatabaseUnavailable } from './unavailable';

/*
 * Row-level security's runtime half (migration 0038 is the other; api/db/CONTEXT.md "Row-level security").
 * A provider's or a portal client's operation runs in one transaction that has dropped to its role (no
 * superuser, NOBYPASSRLS, owns nothing) and carries the caller's scope in transaction-local settings, so
 * PostgreSQL itself hides every other tenant's rows from it, whatever a query forgets.
 */

/** The roles a provider's and a portal client's transaction run as (created by migration 0038). */
export const PROVIDER_ROLE = 'client_portal_provider';
export const CLIENT_ROLE = 'client_portal_client';
export const APP_ROLES = [PROVIDER_ROLE, CLIENT_ROLE] as const;

/** A text as an SQL literal (standard_conforming_strings: only quotes double). */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * What opens a scope's transaction, as one simple-protocol message: BEGIN, then its role, `app.provider_id`
 * and, for a portal client, `app.client_id` and `app.portal_id` (all `SET LOCAL`: gone at COMMIT or
 * ROLLBACK). The values are ids the auth middlewares read from the database (uuids), quoted all the same.
 */
export function scopeEntry(scope: Scope): string {
  const client = scope.kind === 'client' ? scope.clientId : '';
  const portal = scope.kind === 'client' ? scope.portalId : '';
  const role = scope.kind === 'client' ? CLIENT_ROLE : PROVIDER_ROLE;
  return `BEGIN; SELECT set_config('role', ${literal(role)}, true), set_config('app.provider_id', ${literal(scope.providerId)}, true), set_config('app.client_id', ${literal(client)}, true), set_config('app.portal_id', ${literal(portal)}, true)`;
}

const POOL = Symbol('the pool a scoped transaction runs on');

/**
 * What a per-database cache is keyed by: the pool, also when `sql` is a scoped transaction of it (a
 * cache filled outside a scope and forgotten inside one is the same). A key only: it runs no query.
 */
export function cacheKeyOf(sql: Sql): object {
  return ((sql as unknown as { [POOL]?: Sql })[POOL] ?? sql) as object;
}

/** Thrown by a query made through a scope's `sql` after its transaction ended (never run unscoped). */
export class ScopeEndedError extends Error {
  constructor() {
    super('query after the scope’s transaction ended');
  }
}

/**
 * The scope's connection as the `Sql` a service expects: queries run in its transaction, and a service's
 * own `sql.begin(fn)` becomes a savepoint of it (its work still commits or rolls back as one). Once
 * `isOpen()` is false, every query (or fragment) through it throws {@link ScopeEndedError}: it would
 * otherwise run outside the scope.
 */
export function asSql(reserved: Sql, pool: Sql, isOpen: () => boolean): Sql {
  const check = () => {
    if (!isOpen()) throw new ScopeEndedError();
  };
  let savepoints = 0;
  let proxy: Sql;
  // As postgres.js's own `savepoint`: the callback's result (an array of queries awaited), RELEASE on
  // success, ROLLBACK TO on failure and rethrow.
  const savepoint = async (fn: (sql: Sql) => unknown) => {
    check();
    const name = `s${savepoints++}`;
    await reserved.unsafe(`SAVEPOINT ${name}`);
    try {
      const x = await fn(proxy);
      const result = Array.isArray(x) ? await Promise.all(x) : x;
      await reserved.unsafe(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (error) {
      await reserved.unsafe(`ROLLBACK TO SAVEPOINT ${name}`);
      throw error;
    }
  };
  proxy = new Proxy(reserved, {
    apply(target, self, args) {
      check();
      return Reflect.apply(target as unknown as (...a: unknown[]) => unknown, self, args);
    },
    get(target, prop, receiver) {
      if (prop === POOL) return pool;
      // `begin(fn)`, `begin(options, fn)` (a savepoint has no isolation options: the transaction's hold).
      if (prop === 'begin' || prop === 'savepoint')
        return (...args: unknown[]) => savepoint(args[args.length - 1] as (sql: Sql) => unknown);
      if (prop === 'release' || prop === 'end' || prop === 'reserve' || prop === 'listen') return undefined;
      const value = Reflect.get(target, prop, receiver);
      if (prop === 'unsafe' || prop === 'file')
        return (...args: unknown[]) => {
          check();
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      return value;
    },
  }) as unknown as Sql;
  return proxy;
}

/** postgres.js's connection as a query's `onexecute` hands it over; `onclose` runs once when it closes. */
interface RawConnection {
  onclose?: ((err: unknown) => void) | null;
}

/** A postgres.js query before it runs: `handler` sends it on its connection, `reject` fails it. */
interface RawQuery {
  handler: ((query: RawQuery) => unknown) & { debug?: unknown };
  reject: (err: unknown) => void;
}

const isRawQuery = (x: unknown): x is RawQuery =>
  x instanceof Promise && typeof (x as Partial<RawQuery>).handler === 'function';

/** Thrown by a scope's query once its connection was lost (answered 503, `db/unavailable.ts`). */
function connectionLost(cause: unknown): Error {
  return Object.assign(new Error('the scope’s database connection was lost', { cause }), {
    code: 'CONNECTION_CLOSED',
  });
}

/**
 * A reserved connection that, once lost (the server restarted or went away under the scope), fails
 * every further query of the scope at once instead of sending it. postgres.js 3.4.9 writes a query on
 * a reserved connection whose socket is gone and throws from a timer, uncaught, which ends the process
 * (porsager/postgres#1208); after its reconnect the same connection would also run the query outside
 * the scope's transaction, as the owner. The loss is noticed from the connection's `onclose` (reached
 * through the first query's `onexecute`) and from any query of the scope failing for want of the
 * database, whichever comes first. `detach()` says whether the connection may be released.
 */
export function guardConnection(reserved: Sql): {
  sql: Sql;
  onexecute: (connection: RawConnection) => boolean;
  detach(): boolean;
} {
  let lost: Error | undefined;
  let raw: RawConnection | undefined;
  const onLost = (err: unknown) => {
    lost ??= connectionLost(err);
  };
  const guard = (query: unknown) => {
    if (!isRawQuery(query)) return query;
    const send = query.handler;
    const handler = Object.assign((q: RawQuery) => (lost ? q.reject(lost) : send(q)), { debug: send.debug });
    query.handler = handler;
    const reject = query.reject;
    query.reject = (err: unknown) => {
      if (isDatabaseUnavailable(err)) onLost(err);
      reject(err);
    };
    return query;
  };
  const sql = new Proxy(reserved, {
    apply(target, self, args) {
      return guard(Reflect.apply(target as unknown as (...a: unknown[]) => unknown, self, args));
    },
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === 'unsafe' || prop === 'file')
        return (...args: unknown[]) => guard((value as (...a: unknown[]) => unknown).apply(target, args));
      return value;
    },
  }) as unknown as Sql;
  return {
    sql,
    onexecute(connection) {
      raw = connection;
      connection.onclose = onLost;
      // As postgres.js goes on without an `onexecute`: the connection may take the next query.
      return true;
    },
    detach() {
      if (raw?.onclose === onLost) raw.onclose = null;
      return !lost;
    },
  };
}

/** What a scoped operation gets instead of the pool's: see {@link runScoped}. */
export interface ScopedHandles {
  sql: Sql;
  pubsub: PubSub;
  /**
   * Keeps the transaction open until `done` settles: for a response whose body still queries as it
   * streams (the account export). `runScoped` then answers at once and commits when `done` settles
   * (at most HOLD_LIMIT_MS later).
   */
  holdUntil(done: Promise<unknown>): void;
  /**
   * Commits now, for an operation whose last query is behind it and whose long rest needs no database
   * (rendering a preview page): the connection (on PGlite: the database) is free for others meanwhile.
   * A query through `sql` afterwards throws {@link ScopeEndedError}.
   */
  end(): void;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** How long a held transaction (`holdUntil`) may stay open after the answer. */
const HOLD_LIMIT_MS = 120_000;

/**
 * Runs `fn` in a transaction of the scope (see {@link scopeEntry}), committed whether `fn` returns or
 * throws (then rethrown); `fn` gets the transaction as `Sql`, and a pub/sub whose messages wait for the
 * COMMIT (a listener on another connection would not see the rows yet), then go out. A failed publish,
 * or a COMMIT failing after the answer was handed out (`holdUntil`), goes to `onLateError`. `onReleased`
 * runs once the connection is back in the pool (after a held transaction too, which may be after the
 * answer): the concurrency limit's slot (`http/overload.ts`) is freed then.
 */
export function runScoped<T>(
  sql: Sql,
  pubsub: PubSub,
  scope: Scope,
  fn: (scoped: ScopedHandles) => Promise<T>,
  onLateError: (err: unknown) => void,
  onReleased: () => void = () => {},
): Promise<T> {
  let open = true;
  const pending: [string, string][] = [];
  const held: Promise<unknown>[] = [];
  const deferred: PubSub = {
    publish: async (channel, payload) => {
      if (open) pending.push([channel, payload]);
      else await pubsub.publish(channel, payload);
    },
    subscribe: (channel, onMessage, onListen) => pubsub.subscribe(channel, onMessage, onListen),
  };
  let endNow = () => {};
  const ended = new Promise<undefined>((done) => {
    endNow = () => done(undefined);
  });
  let settle: (outcome: Outcome<T>) => void = () => {};
  const answered = new Promise<Outcome<T>>((done) => {
    settle = done;
  });
  let settled = false;
  const answer = (outcome: Outcome<T>) => {
    if (settled) return false;
    settled = true;
    settle(outcome);
    return true;
  };
  let result: Promise<Outcome<T>> | undefined;

  // Commits also when `fn` throws: what it wrote before (a rate limit's count, work it finished) stays, as
  // it did statement by statement before; a service's atomic unit is its own `sql.begin` (a savepoint
  // here), undone as ever. After a failed statement PostgreSQL turns the COMMIT into a ROLLBACK itself.
  // On a reserved connection rather than `sql.begin`: the BEGIN and the scope go down in one message,
  // not awaited, ahead of the handler's first query (postgres.js's BEGIN is a round trip of its own).
  (async () => {
    const reserved = (await sql.reserve()) as unknown as Sql & { release(): void };
    const link = guardConnection(reserved);
    try {
      // `onexecute` is postgres.js's own (its `begin` uses it), missing from its types.
      const entering = link.sql
        .unsafe(scopeEntry(scope), [], { onexecute: link.onexecute } as postgres.UnsafeQueryOptions)
        .simple()
        .execute();
      entering.catch(() => {});
      result = fn({
        sql: asSql(link.sql, sql, () => open),
        pubsub: deferred,
        holdUntil: (done) => held.push(done),
        end: endNow,
      }).then(
        (value) => ({ ok: true, value }) as const,
        (error: unknown) => ({ ok: false, error }) as const,
      );
      const first = await Promise.race([result, ended]);
      if (first && held.length) {
        answer(first);
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled(held),
          new Promise((done) => {
            timer = setTimeout(done, HOLD_LIMIT_MS);
          }),
        ]);
        clearTimeout(timer);
      }
      open = false;
      await entering;
      await link.sql.unsafe('COMMIT');
    } catch (error) {
      open = false;
      // Whatever failed, the connection goes back with no transaction open (a lost one: nothing to undo).
      await link.sql.unsafe('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      // A lost connection is postgres.js's again already (it reconnects it for the pool): released
      // now, it would be handed out while it has no socket.
      if (link.detach()) reserved.release();
    }
  })().then(
    async () => {
      onReleased();
      for (const [channel, payload] of pending) await pubsub.publish(channel, payload).catch(onLateError);
      // Ended early: the answer is `fn`'s, whenever it comes.
      answer(await (result as Promise<Outcome<T>>));
    },
    (error: unknown) => {
      onReleased();
      if (!answer({ ok: false, error })) onLateError(error);
    },
  );
  return answered.then((outcome) => {
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  });
}

/**
 * Lets the app role use a schema the owner made outside the migrations (the job queue's, where
 * `deps.jobs.enqueue(tx, …)` writes inside a scoped transaction). Run at start, after the queue's install.
 */
export async function grantAppRole(sql: Sql, schema: string): Promise<void> {
  const roles = (
    await sql<{ name: string }[]>`SELECT rolname AS name FROM pg_roles WHERE rolname IN ${sql(APP_ROLES)}`
  ).map((r) => r.name);
  if (roles.length !== APP_ROLES.length) return;
  const quoted = `"${schema.replaceAll('"', '""')}"`;
  const to = APP_ROLES.join(', ');
  // One instance at a time: two GRANTs of one object at once fail ("tuple concurrently updated").
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${GRANT_LOCK_ID})`;
    await tx
      .unsafe(`
        GRANT USAGE ON SCHEMA ${quoted} TO ${to};
        GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${quoted} TO ${to};
        GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${quoted} TO ${to};
        GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${quoted} TO ${to};`)
      .simple();
    // graphile-worker keeps RLS on its private tables (no policy: only the owner); the queue holds no
    // tenant's data, so the app's roles may use them whole.
    const locked = await tx<{ name: string }[]>`
      SELECT c.relname AS name FROM pg_class c
      WHERE c.relnamespace = ${schema}::regnamespace AND c.relkind IN ('r', 'p') AND c.relrowsecurity
        AND NOT EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = 'app_roles')`;
    for (const { name } of locked)
      await tx.unsafe(
        `CREATE POLICY app_roles ON ${quoted}."${name.replaceAll('"', '""')}" TO ${to} USING (true) WITH CHECK (true)`,
      );
  });
}

/** Any constant; the same for every instance (`grantAppRole`). */
const GRANT_LOCK_ID = 727_038;
