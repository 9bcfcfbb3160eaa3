import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingFor, type ClientScope, type ProviderScope, type Scope } from '../../api/auth/scope';
import type { Sql } from '../../api/db/client';
import { APP_ROLES, CLIENT_ROLE, PROVIDER_ROLE, runScoped } from '../../api/db/scoped';
import { createTestContext, type TestContext } from '../../api/testing/harness';
import { makeVictim, type PortalClient, type Victim } from './isolation/world';

/*
 * Row-level security as a second wall (issue 31; migration 0038, api/db/scoped.ts): deliberately unscoped
 * queries of every tenant table, as every identity, see nothing of another tenant, on PostgreSQL and on
 * the embedded database. Two fully populated tenants (the isolation suite's victim, twice: portals, clients,
 * projects, conversations, files, invoices, quotes, recurring invoices, keys, webhooks, sessions…).
 */

/** Tables without a tenant (migration 0038's `app_tenantless_tables()`), each read cross-tenant only. */
const TENANTLESS = new Set([
  'schema_migrations', // the migration runner's
  'rate_limits', // counters by source and address, shared by every instance
  'api_key_rate_windows', // a key's window by its hash
  'outbox_emails', // the mail queue, sent by the job worker
  'stripe_events', // Stripe's event ids, deduplicated by the webhook before any tenant is known
  'waitlist', // the public waiting list
]);

/**
 * Tables a portal client's transaction must never see a row of (`app_provider_private_tables()`: 0038's,
 * widened by 0040).
 */
const PROVIDER_PRIVATE = [
  'user_sessions',
  'email_verification_tokens',
  'password_reset_tokens',
  'api_keys',
  'idempotency_keys',
  // 0040: the provider's Google connection (encrypted tokens), its synced events and busy cache; feed
  // tokens, integration authorisations, the plan's subscription, the reminder settings.
  'google_calendar_connections',
  'google_calendar_synced',
  'google_busy_cache',
  'calendar_feeds',
  'integration_authorisations',
  'plan_subscriptions',
  'invoice_reminder_settings',
  'invoice_reminder_steps',
];

/** The columns that make a table a tenant's (any of them). */
const TENANT_KEYS = ['provider_id', 'user_id', 'client_id', 'portal_id'];

type Row = Record<string, unknown>;

const providerOf = (v: Victim): ProviderScope => actingFor(v.providerId);
const clientOf = (v: Victim, c: PortalClient): ClientScope => ({
  kind: 'client',
  providerId: v.providerId,
  portalId: c.portalId,
  clientId: c.clientId,
  clientName: 'test',
  sessionId: '',
});

/** Every row of `table` an identity's transaction sees, with no condition of ours. */
async function seenAs(t: TestContext, scope: Scope, table: string): Promise<Row[]> {
  return runScoped(
    t.sql,
    t.deps.pubsub,
    scope,
    async ({ sql }) => [...(await sql<Row[]>`SELECT * FROM ${sql(table)}`)],
    () => {},
  );
}

for (const [name, databaseUrl] of [
  ['PostgreSQL', process.env.DATABASE_URL],
  ['embedded database', undefined],
] as const) {
  (name === 'PostgreSQL' && !databaseUrl ? describe.skip : describe)(
    `row-level security on the ${name}`,
    () => {
      let t: TestContext;
      let a: Victim;
      let b: Victim;
      let tables: Map<string, Set<string>>;

      beforeAll(async () => {
        t = await createTestContext({}, { databaseUrl });
        a = await makeVictim(t);
        b = await makeVictim(t);
        // Rows the victim has no route to make here (no Google, no Stripe): a cached free/busy window, a
        // synced booking, a plan subscription, for both tenants.
        for (const v of [a, b]) {
          await t.sql`
            INSERT INTO google_busy_cache (provider_id, window_from, window_to, intervals, fetched_at)
            VALUES (${v.providerId}, now(), now() + interval '1 day',
                    '[{"start": "2099-01-01T10:00:00Z", "end": "2099-01-01T11:00:00Z"}]', now())`;
          await t.sql`
            INSERT INTO google_calendar_synced (provider_id, source, source_id, google_event_id, calendar_id)
            VALUES (${v.providerId}, 'booking', ${v.booking.bookingId}, ${`rls${v.booking.bookingId.replaceAll('-', '').slice(0, 20)}`}, 'primary')`;
          await t.sql`
            INSERT INTO plan_subscriptions (user_id, customer_id, status, last_event_at)
            VALUES (${v.providerId}, ${`cus_${v.providerId.slice(0, 8)}`}, 'active', now())`;
        }
        const rows = await t.sql<{ table_name: string; column_name: string }[]>`
        SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = 'public'
          AND table_name IN (SELECT tablename FROM pg_tables WHERE schemaname = 'public')`;
        tables = new Map();
        for (const r of rows)
          tables.set(r.table_name, (tables.get(r.table_name) ?? new Set()).add(r.column_name));
      }, 120_000);
      afterAll(async () => {
        await t?.close();
      });

      it('runs scoped work as roles that own nothing, are no superusers and cannot bypass RLS', async () => {
        const roles = await t.sql<
          { rolname: string; rolsuper: boolean; rolbypassrls: boolean; rolcanlogin: boolean; owns: number }[]
        >`
          SELECT r.rolname, r.rolsuper, r.rolbypassrls, r.rolcanlogin,
                 (SELECT count(*)::int FROM pg_class c WHERE c.relowner = r.oid) AS owns
          FROM pg_roles r WHERE r.rolname IN ${t.sql(APP_ROLES)} ORDER BY r.rolname`;
        expect(roles).toEqual(
          [...APP_ROLES].sort().map((rolname) => ({
            rolname,
            rolsuper: false,
            rolbypassrls: false,
            rolcanlogin: false,
            owns: 0,
          })),
        );
        const settings = (scope: Scope) =>
          runScoped(
            t.sql,
            t.deps.pubsub,
            scope,
            async ({ sql }) =>
              (
                await sql<{ role: string; provider: string; client: string; portal: string }[]>`
                  SELECT current_user AS role, current_setting('app.provider_id') AS provider,
                         current_setting('app.client_id') AS client, current_setting('app.portal_id') AS portal`
              )[0],
            () => {},
          );
        expect(await settings(clientOf(a, a.client))).toEqual({
          role: CLIENT_ROLE,
          provider: a.providerId,
          client: a.client.clientId,
          portal: a.client.portalId,
        });
        expect(await settings(providerOf(a))).toEqual({
          role: PROVIDER_ROLE,
          provider: a.providerId,
          client: '',
          portal: '',
        });
        // Transaction-local: nothing is left on the connection afterwards.
        const [after] = await t.sql<{ role: string; provider: string | null }[]>`
          SELECT current_user AS role, nullif(current_setting('app.provider_id', true), '') AS provider`;
        expect(APP_ROLES).not.toContain(after?.role);
        expect(after?.provider).toBeNull();
      });

      it('covers every table with a tenant key (a new table without its policy is named here)', async () => {
        const policies = await t.sql<{ table: string; rls: boolean; policy: boolean }[]>`
        SELECT c.relname AS table, c.relrowsecurity AS rls,
               (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid
                  AND p.polname IN ('tenant_provider', 'tenant_client')) = 2 AS policy
        FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')`;
        const uncovered = policies
          .filter((p) => !TENANTLESS.has(p.table))
          .filter((p) => p.table === 'users' || TENANT_KEYS.some((k) => tables.get(p.table)?.has(k)))
          .filter((p) => !p.rls || !p.policy)
          .map((p) => p.table);
        expect(
          uncovered,
          'tenant tables without row-level security: run app_apply_tenant_policies()',
        ).toEqual([]);
        // And a table without a tenant key is either known to be tenantless or named here.
        const unknown = policies
          .filter((p) => !TENANTLESS.has(p.table) && p.table !== 'users')
          .filter((p) => !TENANT_KEYS.some((k) => tables.get(p.table)?.has(k)))
          .map((p) => p.table);
        expect(
          unknown,
          'tables with no tenant key: add a tenant key, or list them as tenantless in 0038 and here',
        ).toEqual([]);
      });

      it('shows nothing at all to a transaction without a scope', async () => {
        const leaked: string[] = [];
        for (const role of APP_ROLES)
          await t.sql.begin(async (tx) => {
            await tx`SELECT set_config('role', ${role}, true)`;
            for (const table of tables.keys()) {
              if (TENANTLESS.has(table)) continue;
              const [row] = await tx<{ n: number }[]>`SELECT count(*)::int AS n FROM ${tx(table)}`;
              if (row?.n) leaked.push(`${role} ${table}: ${row.n}`);
            }
          });
        expect(leaked).toEqual([]);
      });

      /** What the owner knows each row of `table` belongs to, by its tenant columns. */
      async function owners(table: string) {
        const cols = tables.get(table) ?? new Set<string>();
        return {
          cols,
          clientOfProject: new Map(
            (await t.sql<{ id: string; client_id: string }[]>`SELECT id, client_id FROM projects`).map(
              (r) => [r.id, r.client_id],
            ),
          ),
          clientOfInvoice: new Map(
            (await t.sql<{ id: string; client_id: string }[]>`SELECT id, client_id FROM invoices`).map(
              (r) => [r.id, r.client_id],
            ),
          ),
          clientOfFile: new Map(
            (
              await t.sql<{ id: string; client_id: string }[]>`
              SELECT f.id, p.client_id FROM files f JOIN projects p ON p.id = f.project_id`
            ).map((r) => [r.id, r.client_id]),
          ),
          providerOfClient: new Map(
            (await t.sql<{ id: string; provider_id: string }[]>`SELECT id, provider_id FROM clients`).map(
              (r) => [r.id, r.provider_id],
            ),
          ),
          // A client sees a booking type it may book, or the type of one of its bookings (0040).
          bookableTypesOf: new Map<string, Set<string>>(
            (
              await t.sql<{ client_id: string; type_id: string }[]>`
              SELECT c.id AS client_id, t.id AS type_id FROM clients c JOIN booking_types t ON t.provider_id = c.provider_id
              WHERE (t.active AND (t.client_scope = 'all' OR EXISTS (SELECT 1 FROM booking_type_clients x
                       WHERE x.booking_type_id = t.id AND x.client_id = c.id)))
                 OR t.id IN (SELECT b.booking_type_id FROM bookings b WHERE b.client_id = c.id)`
            ).reduce(
              (m, r) => m.set(r.client_id, (m.get(r.client_id) ?? new Set()).add(r.type_id)),
              new Map(),
            ),
          ),
          providerOfPortal: new Map(
            (
              await t.sql<{ id: string; provider_id: string }[]>`SELECT id, provider_id FROM client_portals`
            ).map((r) => [r.id, r.provider_id]),
          ),
        };
      }

      /** Why `row` of `table` is foreign to the identity, or undefined when it is the identity's own. */
      function foreign(
        table: string,
        row: Row,
        o: Awaited<ReturnType<typeof owners>>,
        provider: string,
        client?: PortalClient,
      ): string | undefined {
        const { cols } = o;
        const provOf = cols.has('provider_id')
          ? row.provider_id
          : table === 'users'
            ? row.id
            : cols.has('user_id')
              ? row.user_id
              : cols.has('client_id')
                ? o.providerOfClient.get(String(row.client_id))
                : o.providerOfPortal.get(String(row.portal_id));
        if (provOf !== provider) return `provider ${String(provOf)}`;
        if (!client) return undefined;
        if (PROVIDER_PRIVATE.includes(table)) return 'a provider-private row';
        if (table === 'clients' && row.id !== client.clientId) return `client ${String(row.id)}`;
        if (table === 'client_portals' && row.id !== client.portalId) return `portal ${String(row.id)}`;
        if (table === 'booking_types' && !o.bookableTypesOf.get(client.clientId)?.has(String(row.id)))
          return `booking type ${String(row.id)} it may not book`;
        if (cols.has('client_id') && row.client_id !== client.clientId)
          return `client ${String(row.client_id)}`;
        if (cols.has('portal_id') && row.portal_id !== client.portalId)
          return `portal ${String(row.portal_id)}`;
        const parents: [string, Map<string, string>][] = [
          ['project_id', o.clientOfProject],
          ['invoice_id', o.clientOfInvoice],
          ['file_id', o.clientOfFile],
        ];
        for (const [col, map] of parents) {
          if (cols.has(col) && row[col] != null && map.get(String(row[col])) !== client.clientId)
            return `${col} ${String(row[col])} of another client`;
        }
        return undefined;
      }

      const identities = (): [string, Scope, string, PortalClient | undefined][] => [
        ['provider A', providerOf(a), a.providerId, undefined],
        ['provider B', providerOf(b), b.providerId, undefined],
        ['client of A', clientOf(a, a.client), a.providerId, a.client],
        ['A’s client of the same portal', clientOf(a, a.sibling), a.providerId, a.sibling],
        ['A’s client of another portal', clientOf(a, a.neighbour), a.providerId, a.neighbour],
        ['client of B', clientOf(b, b.client), b.providerId, b.client],
      ];

      it('shows each identity, querying every tenant table without a condition, nothing foreign', async () => {
        const problems: string[] = [];
        const seenByA = new Set<string>();
        const seenByClientOfA = new Set<string>();
        for (const table of [...tables.keys()].sort()) {
          if (TENANTLESS.has(table)) continue;
          const o = await owners(table);
          for (const [label, scope, provider, client] of identities()) {
            const rows = await seenAs(t, scope, table);
            for (const row of rows) {
              const why = foreign(table, row, o, provider, client);
              if (why) problems.push(`${label} sees ${table} of ${why}`);
            }
            if (rows.length && label === 'provider A') seenByA.add(table);
            if (rows.length && label === 'client of A') seenByClientOfA.add(table);
          }
        }
        expect(problems).toEqual([]);
        // The wall hides the others' rows, never the identity's own (else the check above proves nothing).
        for (const table of [
          'clients',
          'client_portals',
          'projects',
          'messages',
          'files',
          'file_versions',
          'invoices',
          'invoice_lines',
          'quotes',
          'recurring_invoices',
          'api_keys',
          'webhook_endpoints',
          'user_sessions',
          'users',
          'profiles',
          ...PROVIDER_PRIVATE.filter(
            (p) => !['email_verification_tokens', 'password_reset_tokens', 'idempotency_keys'].includes(p),
          ),
          'booking_types',
        ])
          expect(seenByA, `provider A sees its own ${table}`).toContain(table);
        for (const table of [
          'clients',
          'client_portals',
          'projects',
          'messages',
          'files',
          'invoices',
          'quotes',
          'users',
          'profiles',
          'portal_sessions',
          'booking_types',
          'bookings',
          'invoice_settings',
        ])
          expect(seenByClientOfA, `A’s client sees its own ${table}`).toContain(table);
      }, 120_000);

      it('keeps each scope apart when the connection goes back before its COMMIT is answered', async () => {
        // More scoped transactions at once than the pool has connections: each next holder's BEGIN is
        // pipelined behind the last one's COMMIT on the same connection.
        const scopes = identities();
        const seen = await Promise.all(
          Array.from({ length: 60 }, (_, i) => {
            const [, scope] = scopes[i % scopes.length] as (typeof scopes)[number];
            return runScoped(
              t.sql,
              t.deps.pubsub,
              scope,
              async ({ sql }) => {
                const [first] = await sql<{ role: string; provider: string; client: string }[]>`
                  SELECT current_user AS role, current_setting('app.provider_id') AS provider,
                         current_setting('app.client_id') AS client`;
                const [again] = await sql<{ provider: string }[]>`
                  SELECT current_setting('app.provider_id') AS provider`;
                return { ...first, again: again?.provider };
              },
              () => {},
            ).then((r) => ({ r, scope }));
          }),
        );
        for (const { r, scope } of seen)
          expect(r).toEqual({
            role: scope.kind === 'client' ? CLIENT_ROLE : PROVIDER_ROLE,
            provider: scope.providerId,
            client: scope.kind === 'client' ? scope.clientId : '',
            again: scope.providerId,
          });
        const [after] = await t.sql<{ role: string; provider: string | null }[]>`
          SELECT current_user AS role, nullif(current_setting('app.provider_id', true), '') AS provider`;
        expect(APP_ROLES).not.toContain(after?.role);
        expect(after?.provider).toBeNull();
      });

      it('answers the Google questions (0040) for the scope’s own provider only', async () => {
        const ask = (scope: Scope, provider: string) =>
          runScoped(
            t.sql,
            t.deps.pubsub,
            scope,
            async ({ sql }) => ({
              connected: (await sql<{ ok: boolean }[]>`SELECT app_google_connected(${provider}) AS ok`)[0]
                ?.ok,
              state: [
                ...(await sql<Row[]>`SELECT status, window_from FROM app_google_busy_state(${provider})`),
              ].length,
              tokens: [...(await sql<Row[]>`SELECT status FROM app_google_tokens_for_update(${provider})`)]
                .length,
            }),
            () => {},
          );
        // A's client gets its provider's answers (its slots and booking need them), not B's.
        expect(await ask(clientOf(a, a.client), a.providerId)).toEqual({
          connected: true,
          state: 1,
          tokens: 1,
        });
        expect(await ask(clientOf(a, a.client), b.providerId)).toEqual({
          connected: false,
          state: 0,
          tokens: 0,
        });
        expect(await ask(providerOf(b), a.providerId)).toEqual({ connected: false, state: 0, tokens: 0 });
        // Nor can it write another provider's cache or tokens.
        await runScoped(
          t.sql,
          t.deps.pubsub,
          clientOf(a, a.client),
          async ({ sql }) => {
            await sql`SELECT app_google_busy_store(${b.providerId}, now(), now(), '[]', now())`;
            await sql`SELECT app_google_mark_broken(${b.providerId}, now())`;
          },
          () => {},
        );
        const [bState] = await t.sql<{ status: string; n: number }[]>`
          SELECT c.status, jsonb_array_length(k.intervals) AS n
          FROM google_calendar_connections c JOIN google_busy_cache k USING (provider_id)
          WHERE c.provider_id = ${b.providerId}`;
        expect(bState).toEqual({ status: 'connected', n: 1 });
      });

      it('refuses to write a row for another tenant', async () => {
        const write = (scope: Scope, fn: (sql: Sql) => Promise<unknown>) =>
          runScoped(
            t.sql,
            t.deps.pubsub,
            scope,
            ({ sql }) => fn(sql),
            () => {},
          );
        await expect(
          write(
            providerOf(a),
            (sql) => sql`INSERT INTO clients (provider_id, portal_id, name, email)
          VALUES (${b.providerId}, ${b.portalId}, 'x', 'x@example.com')`,
          ),
        ).rejects.toMatchObject({ code: '42501' });
        // Moving one's own row to another tenant is refused too; a foreign row is not even found.
        await expect(
          write(
            providerOf(a),
            (sql) => sql`UPDATE projects SET provider_id = ${b.providerId} WHERE id = ${a.projectId}`,
          ),
        ).rejects.toMatchObject({ code: '42501' });
        const updated = await write(
          providerOf(a),
          (sql) => sql`UPDATE projects SET name = 'taken' WHERE id = ${b.projectId}`,
        );
        expect((updated as { count: number }).count).toBe(0);
        const deleted = await write(
          clientOf(a, a.sibling),
          (sql) => sql`DELETE FROM messages WHERE project_id = ${a.projectId}`,
        );
        expect((deleted as { count: number }).count).toBe(0);
      });
    },
  );
}
