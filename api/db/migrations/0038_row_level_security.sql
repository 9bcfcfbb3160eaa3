-- Issue 31, row-level security as a second wall (api/db/CONTEXT.md "Row-level security").
--
-- Every query of a provider's or a portal client's request already names its tenant (`tenant()` /
-- `ownedBy()`); this makes PostgreSQL refuse the rows of any other tenant as well, should a query forget.
--   * `client_portal_provider` and `client_portal_client`: the roles a provider's and a portal client's
--     request's transaction runs as (`SET LOCAL ROLE`, by `api/db/scoped.ts`): they cannot log in, are no
--     superusers, cannot bypass RLS and own nothing; they may read and write the tables (the grants
--     below), never alter them. Two roles, so each gets only its own policies: a provider's queries carry
--     one indexable equality, not the client's conditions (which would spoil the planner's estimates).
--   * The scope travels in three transaction-local settings: `app.provider_id`, and for a portal client also
--     `app.client_id` and `app.portal_id` (`set_config(…, true)`; gone at COMMIT). Unset, a tenant table
--     shows the roles nothing.
--   * `app_apply_tenant_policies()` enables RLS and (re)creates the policies `tenant_provider` and
--     `tenant_client` on every table of the
--     schema that carries a tenant key, derived from its columns (see the function). The migration runner
--     calls it after every run that applied a migration, so a later migration's table is covered without a
--     line of its own; `api/db/rls.test.ts` fails on any tenant-looking table it did not cover, and on a
--     policy that lets an identity see another tenant's rows.
--   * The connecting user (the owner, who ran the migrations) is the explicit cross-tenant context: sign-in,
--     sessions and API-key lookups, webhooks, custom domains, public branding, jobs and purges run outside a
--     scoped transaction, as before.

DO $$
DECLARE
  r text;
BEGIN
  FOREACH r IN ARRAY ARRAY['client_portal_provider', 'client_portal_client'] LOOP
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
      BEGIN
        EXECUTE format('CREATE ROLE %I NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS NOINHERIT', r);
      EXCEPTION WHEN duplicate_object OR unique_violation THEN
        -- Another database of the same cluster created it meanwhile (test templates migrate in parallel).
        NULL;
      END;
    END IF;
    -- The owner must be able to become it (a superuser always can).
    IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AND NOT pg_has_role(current_user, r, 'MEMBER') THEN
      EXECUTE format('GRANT %I TO %I', r, current_user);
    END IF;
  END LOOP;
END
$$;

GRANT USAGE ON SCHEMA public TO client_portal_provider, client_portal_client;
ALTER DEFAULT PRIVILEGES IN SCHEMA public
  GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO client_portal_provider, client_portal_client;
ALTER DEFAULT PRIVILEGES IN SCHEMA public
  GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO client_portal_provider, client_portal_client;

-- The scope of the current transaction (NULL when unset or empty).
CREATE OR REPLACE FUNCTION app_provider_id() RETURNS uuid LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT nullif(current_setting('app.provider_id', true), '')::uuid $$;
CREATE OR REPLACE FUNCTION app_client_id() RETURNS uuid LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT nullif(current_setting('app.client_id', true), '')::uuid $$;
CREATE OR REPLACE FUNCTION app_portal_id() RETURNS uuid LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT nullif(current_setting('app.portal_id', true), '')::uuid $$;

-- The cross-tenant questions a scoped request must be able to ask, each answering no more than it needs
-- (SECURITY DEFINER: they run as the owner, who is not subject to the policies). The only ones.
--   Whether another portal, of any provider, has verified `domain` (a claim of it reads as taken).
CREATE OR REPLACE FUNCTION app_domain_verified_elsewhere(domain text, portal uuid) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT EXISTS (SELECT 1 FROM client_portals
                       WHERE custom_domain = domain AND domain_status = 'verified' AND id <> portal) $$;
REVOKE ALL ON FUNCTION app_domain_verified_elsewhere(text, uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_domain_verified_elsewhere(text, uuid) TO client_portal_provider, client_portal_client;

-- Tables without a tenant: shared counters, the mail queue, Stripe's event ids, the waiting list, the
-- migrations' own table. Read by the cross-tenant context only. (Listed again in api/db/rls.test.ts.)
CREATE OR REPLACE FUNCTION app_tenantless_tables() RETURNS text[] LANGUAGE sql IMMUTABLE
  AS $$ SELECT ARRAY['schema_migrations', 'rate_limits', 'api_key_rate_windows', 'outbox_emails',
                     'stripe_events', 'waitlist'] $$;

-- A provider's credentials and secrets: a portal client's transaction sees none of their rows.
CREATE OR REPLACE FUNCTION app_provider_private_tables() RETURNS text[] LANGUAGE sql IMMUTABLE
  AS $$ SELECT ARRAY['user_sessions', 'email_verification_tokens', 'password_reset_tokens', 'api_keys',
                     'idempotency_keys'] $$;

/*
 * The policies of every table that carries a tenant key, from its columns:
 *   `tenant_provider` (client_portal_provider) and the first part of `tenant_client`, whose rows:
 *                              `provider_id` = app_provider_id(); else `user_id` (a provider's own rows;
 *                              `users` by its `id`); else, without either, `client_id` or `portal_id`
 *                              among the rows of `clients` / `client_portals` the scope sees.
 *   `tenant_client` (client_portal_client) also, which of them a client sees, every one that applies:
 *                              `clients` its own row, `client_portals` its portal's; `client_id` its own;
 *                              `portal_id` its portal's; a parent key (`project_id`, `invoice_id`, `file_id`,
 *                              `quote_id`, `recurring_invoice_id`) NULL or one of the parent rows it sees;
 *                              none of a provider-private table's.
 * The same condition checks written rows (WITH CHECK). Idempotent: re-run it after adding tables.
 * @returns the tables it covered
 */
CREATE OR REPLACE FUNCTION app_apply_tenant_policies() RETURNS text[] LANGUAGE plpgsql AS $fn$
DECLARE
  t text;
  cols text[];
  owner_cond text;
  client_conds text[];
  parent record;
  cond text;
  covered text[] := '{}';
BEGIN
  EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO client_portal_provider, client_portal_client';
  EXECUTE 'GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO client_portal_provider, client_portal_client';
  FOR t IN
    SELECT c.relname FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
      AND NOT c.relispartition AND c.relname <> ALL (app_tenantless_tables())
    ORDER BY c.relname
  LOOP
    SELECT array_agg(a.attname::text) INTO cols FROM pg_attribute a
    WHERE a.attrelid = format('public.%I', t)::regclass AND a.attnum > 0 AND NOT a.attisdropped;

    owner_cond := CASE
      WHEN 'provider_id' = ANY (cols) THEN 'provider_id = app_provider_id()'
      WHEN t = 'users' THEN 'id = app_provider_id()'
      WHEN 'user_id' = ANY (cols) THEN 'user_id = app_provider_id()'
      WHEN 'client_id' = ANY (cols) THEN 'client_id IN (SELECT id FROM public.clients)'
      WHEN 'portal_id' = ANY (cols) THEN 'portal_id IN (SELECT id FROM public.client_portals)'
    END;
    CONTINUE WHEN owner_cond IS NULL;

    client_conds := '{}';
    IF t = ANY (app_provider_private_tables()) THEN
      client_conds := client_conds || 'false'::text;
    END IF;
    IF t = 'clients' THEN client_conds := client_conds || 'id = app_client_id()'::text; END IF;
    IF t = 'client_portals' THEN client_conds := client_conds || 'id = app_portal_id()'::text; END IF;
    IF 'client_id' = ANY (cols) THEN client_conds := client_conds || 'client_id = app_client_id()'::text; END IF;
    IF 'portal_id' = ANY (cols) THEN client_conds := client_conds || 'portal_id = app_portal_id()'::text; END IF;
    FOR parent IN
      SELECT * FROM (VALUES ('project_id', 'projects'), ('invoice_id', 'invoices'), ('file_id', 'files'),
                            ('quote_id', 'quotes'), ('recurring_invoice_id', 'recurring_invoices')) v(col, tab)
    LOOP
      IF parent.col = ANY (cols) AND to_regclass(format('public.%I', parent.tab)) IS NOT NULL THEN
        client_conds := client_conds
          || format('(%1$I IS NULL OR %1$I IN (SELECT id FROM public.%2$I))', parent.col, parent.tab);
      END IF;
    END LOOP;

    EXECUTE format('ALTER TABLE public.%I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('DROP POLICY IF EXISTS tenant_provider ON public.%I', t);
    EXECUTE format('DROP POLICY IF EXISTS tenant_client ON public.%I', t);
    EXECUTE format('CREATE POLICY tenant_provider ON public.%I TO client_portal_provider USING (%s) WITH CHECK (%s)',
                   t, owner_cond, owner_cond);
    cond := owner_cond;
    IF cardinality(client_conds) > 0 THEN
      cond := format('%s AND %s', owner_cond, array_to_string(client_conds, ' AND '));
    END IF;
    EXECUTE format('CREATE POLICY tenant_client ON public.%I TO client_portal_client USING (%s) WITH CHECK (%s)',
                   t, cond, cond);
    covered := covered || t;
  END LOOP;
  RETURN covered;
END
$fn$;

SELECT app_apply_tenant_policies();
