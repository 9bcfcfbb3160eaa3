-- Issue 31, row-level security (0038): tables a portal client's transaction has no business reading are
-- provider-private (`app_provider_private_tables()`: the client role sees none of their rows), and the one
-- client-scoped operation that needs something of them asks through narrow functions.
--
-- Newly private, checked table by table (api/db/CONTEXT.md "Row-level security"):
--   * google_calendar_connections (the provider's encrypted Google tokens), google_calendar_synced,
--     google_busy_cache: a client's slot list and booking read the provider's Google busy times and queue
--     the sync through the functions below, never the tables;
--   * calendar_feeds (feed token hashes), integration_authorisations (OAuth states), plan_subscriptions,
--     invoice_reminder_settings, invoice_reminder_steps: no client operation reads them.
-- Still bounded by the provider only for a client, because client operations read them: profiles (the
-- provider's name, language, zone: branding, mails), invoice_settings (printed on the client's invoices and
-- quotes), booking_types and booking_date_overrides (the client's slots; `booking_types` further narrowed
-- for the client below), users (mail addresses of notifications), stripe_connections (paying an invoice),
-- mail_domains (the sender of mails a client's action sends), the webhook tables (a client's change writes its
-- event and deliveries in its own transaction).

CREATE OR REPLACE FUNCTION app_provider_private_tables() RETURNS text[] LANGUAGE sql IMMUTABLE
  AS $$ SELECT ARRAY['user_sessions', 'email_verification_tokens', 'password_reset_tokens', 'api_keys',
                     'idempotency_keys', 'google_calendar_connections', 'google_calendar_synced',
                     'google_busy_cache', 'calendar_feeds', 'integration_authorisations', 'plan_subscriptions',
                     'invoice_reminder_settings', 'invoice_reminder_steps'] $$;

SELECT app_apply_tenant_policies();

-- A client sees only the booking types it may book (active; for all clients or chosen for it) and those of
-- its own bookings (a reschedule keeps to its type after the provider narrowed it). RESTRICTIVE: on top
-- of `tenant_client`, which `app_apply_tenant_policies()` re-creates; this one it leaves alone.
DROP POLICY IF EXISTS client_booking_types ON booking_types;
CREATE POLICY client_booking_types ON booking_types AS RESTRICTIVE TO client_portal_client
  USING ((active AND (client_scope = 'all' OR EXISTS (
           SELECT 1 FROM booking_type_clients btc
           WHERE btc.booking_type_id = booking_types.id AND btc.client_id = app_client_id())))
         OR id IN (SELECT b.booking_type_id FROM bookings b WHERE b.client_id = app_client_id()));

-- The provider's Google connection as the busy lookup and the sync need it, for the caller's provider only
-- (any provider for the owner's unscoped work: the job worker). SECURITY DEFINER: as the owner, who is not
-- subject to the policies. Each answers no more than its caller uses.

-- Whether the provider's Google connection is usable (a change then queues its sync).
CREATE OR REPLACE FUNCTION app_google_connected(p_provider uuid) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT EXISTS (SELECT 1 FROM google_calendar_connections
                       WHERE provider_id = p_provider AND p_provider = coalesce(app_provider_id(), p_provider)
                         AND status = 'connected') $$;

-- The connection's state and the cached free/busy window (no row: not connected; no tokens, no e-mail).
CREATE OR REPLACE FUNCTION app_google_busy_state(p_provider uuid)
  RETURNS TABLE (status text, calendar_id text, window_from timestamptz, window_to timestamptz,
                 intervals jsonb, fetched_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT c.status, c.calendar_id, k.window_from, k.window_to, k.intervals, k.fetched_at
    FROM google_calendar_connections c LEFT JOIN google_busy_cache k ON k.provider_id = c.provider_id
    WHERE c.provider_id = p_provider AND p_provider = coalesce(app_provider_id(), p_provider) $$;

-- Keeps Google's answer for a window (one per provider), while the provider is connected.
CREATE OR REPLACE FUNCTION app_google_busy_store(p_provider uuid, p_from timestamptz, p_to timestamptz,
                                                 p_intervals jsonb, p_fetched_at timestamptz) RETURNS void
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    INSERT INTO google_busy_cache (provider_id, window_from, window_to, intervals, fetched_at)
    SELECT p_provider, p_from, p_to, p_intervals, p_fetched_at
    WHERE p_provider = coalesce(app_provider_id(), p_provider)
      AND EXISTS (SELECT 1 FROM google_calendar_connections WHERE provider_id = p_provider)
    ON CONFLICT (provider_id) DO UPDATE SET window_from = EXCLUDED.window_from, window_to = EXCLUDED.window_to,
      intervals = EXCLUDED.intervals, fetched_at = EXCLUDED.fetched_at $$;

-- The tokens (encrypted: only the app holds the key), locked for the caller's transaction so one refresh
-- happens at a time.
CREATE OR REPLACE FUNCTION app_google_tokens_for_update(p_provider uuid)
  RETURNS TABLE (status text, access_token_enc bytea, refresh_token_enc bytea, access_token_expires_at timestamptz)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT c.status, c.access_token_enc, c.refresh_token_enc, c.access_token_expires_at
    FROM google_calendar_connections c
    WHERE c.provider_id = p_provider AND p_provider = coalesce(app_provider_id(), p_provider)
    FOR UPDATE $$;

-- A refreshed token (the refresh token kept when Google sent none).
CREATE OR REPLACE FUNCTION app_google_tokens_store(p_provider uuid, p_access bytea, p_refresh bytea,
                                                   p_expires_at timestamptz, p_now timestamptz) RETURNS void
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    UPDATE google_calendar_connections SET access_token_enc = p_access,
      refresh_token_enc = COALESCE(p_refresh, refresh_token_enc), access_token_expires_at = p_expires_at,
      updated_at = p_now
    WHERE provider_id = p_provider AND p_provider = coalesce(app_provider_id(), p_provider) $$;

-- Google refused the grant: the connection is kept as broken, its cached busy times forgotten.
CREATE OR REPLACE FUNCTION app_google_mark_broken(p_provider uuid, p_now timestamptz) RETURNS void
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    UPDATE google_calendar_connections SET status = 'broken', broken_at = p_now, updated_at = p_now
    WHERE provider_id = p_provider AND p_provider = coalesce(app_provider_id(), p_provider);
    DELETE FROM google_busy_cache WHERE provider_id = p_provider AND p_provider = coalesce(app_provider_id(), p_provider) $$;

REVOKE ALL ON FUNCTION app_google_connected(uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION app_google_busy_state(uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION app_google_busy_store(uuid, timestamptz, timestamptz, jsonb, timestamptz) FROM PUBLIC;
REVOKE ALL ON FUNCTION app_google_tokens_for_update(uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION app_google_tokens_store(uuid, bytea, bytea, timestamptz, timestamptz) FROM PUBLIC;
REVOKE ALL ON FUNCTION app_google_mark_broken(uuid, timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_google_connected(uuid) TO client_portal_provider, client_portal_client;
GRANT EXECUTE ON FUNCTION app_google_busy_state(uuid) TO client_portal_provider, client_portal_client;
GRANT EXECUTE ON FUNCTION app_google_busy_store(uuid, timestamptz, timestamptz, jsonb, timestamptz)
  TO client_portal_provider, client_portal_client;
GRANT EXECUTE ON FUNCTION app_google_tokens_for_update(uuid) TO client_portal_provider, client_portal_client;
GRANT EXECUTE ON FUNCTION app_google_tokens_store(uuid, bytea, bytea, timestamptz, timestamptz)
  TO client_portal_provider, client_portal_client;
GRANT EXECUTE ON FUNCTION app_google_mark_broken(uuid, timestamptz) TO client_portal_provider, client_portal_client;
