import type { Scope } from '../auth/scope';
import type { Sql, Tx } from './client';
import type { PubSub } from './pubsub';

/*
 * Row-level security's runtime half (migration 0038 is the other; api/db/CONTEXT.md "Row-level security").
 * A provider's or a portal client's operation runs in one transaction that has dropped to APP_ROLE (no
 * superuser, NOBYPASSRLS, owns nothing) and carries the caller's scope in transaction-local settings, so
 * PostgreSQL itself hides every other tenant's rows from it, whatever a query forgets.
 */

/** The role a scoped transaction runs as (created by migration 0038). */
export const APP_ROLE = 'client_portal_app';

/**
 * Makes the current transaction the scope's: the app role, `app.provider_id` and, for a portal client,
 * `app.client_id` and `app.portal_id` (all `SET LOCAL`: gone at COMMIT or ROLLBACK). One statement.
 */
export async function enterScope(tx: Tx, scope: Scope): Promise<void> {
  const client = scope.kind === 'client' ? scope.clientId : '';
  const portal = scope.kind === 'client' ? scope.portalId : '';
  await tx`
    SELECT set_config('role', ${APP_ROLE}, true), set_config('app.provider_id', ${scope.providerId}, true),
           set_config('app.client_id', ${client}, true), set_config('app.portal_id', ${portal}, true)`;
}

/**
 * The transaction as the `Sql` a service expects: queries run in it, and a service's own
 * `sql.begin(fn)` becomes a savepoint of it (its work still commits or rolls back as one).
 */
export function asSql(tx: Tx): Sql {
  return new Proxy(tx, {
    get(target, prop, receiver) {
      if (prop === 'begin')
        return (...args: unknown[]) => {
          // `begin(options, fn)`: a savepoint has no isolation options (the transaction's hold).
          const fn = args[args.length - 1] as (tx: Tx) => unknown;
          return target.savepoint(fn as never);
        };
      return Reflect.get(target, prop, receiver);
    },
  }) as unknown as Sql;
}

/**
 * Runs `fn` in a transaction of the scope (see {@link enterScope}); `fn` gets the transaction as `Sql`
 * and a pub/sub whose messages wait for the COMMIT (a listener on another connection would not see the
 * rows yet), then go out; a failed publish is reported to `onPublishError` (a lost notice is caught up).
 */
export async function runScoped<T>(
  sql: Sql,
  pubsub: PubSub,
  scope: Scope,
  fn: (scoped: { sql: Sql; pubsub: PubSub }) => Promise<T>,
  onPublishError: (err: unknown) => void,
): Promise<T> {
  const pending: [string, string][] = [];
  const deferred: PubSub = {
    publish: async (channel, payload) => {
      pending.push([channel, payload]);
    },
    subscribe: (channel, onMessage, onListen) => pubsub.subscribe(channel, onMessage, onListen),
  };
  const result = (await sql.begin(async (tx) => {
    await enterScope(tx, scope);
    return { value: await fn({ sql: asSql(tx), pubsub: deferred }) };
  })) as { value: T };
  for (const [channel, payload] of pending) await pubsub.publish(channel, payload).catch(onPublishError);
  return result.value;
}

/**
 * Lets the app role use a schema the owner made outside the migrations (the job queue's, where
 * `deps.jobs.enqueue(tx, …)` writes inside a scoped transaction). Run at start, after the queue's install.
 */
export async function grantAppRole(sql: Sql, schema: string): Promise<void> {
  const [role] = await sql<{ exists: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ${APP_ROLE}) AS exists`;
  if (!role?.exists) return;
  const quoted = `"${schema.replaceAll('"', '""')}"`;
  await sql
    .unsafe(`
    GRANT USAGE ON SCHEMA ${quoted} TO ${APP_ROLE};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${quoted} TO ${APP_ROLE};
    GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${quoted} TO ${APP_ROLE};
    GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${quoted} TO ${APP_ROLE};`)
    .simple();
  // graphile-worker keeps RLS on its private tables (no policy: only the owner); the queue holds no
  // tenant's data, so the app role may use them whole.
  const locked = await sql<{ name: string }[]>`
    SELECT c.relname AS name FROM pg_class c
    WHERE c.relnamespace = ${schema}::regnamespace AND c.relkind IN ('r', 'p') AND c.relrowsecurity
      AND NOT EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = 'app_role')`;
  for (const { name } of locked)
    await sql
      .unsafe(
        `CREATE POLICY app_role ON ${quoted}."${name.replaceAll('"', '""')}" TO ${APP_ROLE} USING (true) WITH CHECK (true)`,
      )
      // Another instance starting at the same time made it.
      .catch((err: { code?: string }) => {
        if (err.code !== '42710') throw err;
      });
}
