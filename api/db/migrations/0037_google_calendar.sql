-- Issue 30, Google Calendar: a provider's connection to their Google account (OAuth 2.0 with PKCE), the
-- Google events this product wrote for its calendar events and bookings, and the free/busy cache.
-- Conventions of 0001–0032 hold. In addition:
--   * tokens are stored only encrypted (AES-256-GCM with PAYMENT_SECRETS_KEY, bound by the associated data
--     `google-calendar:<providerId>:<name>` to their row and column; api/integrations/google-calendar/);
--   * `status` 'broken': Google refused the refresh token (`invalid_grant`): nothing is synced and no busy
--     times are read until the provider connects again;
--   * a synced row remembers the Google event id (derived from the row's uid) and the calendar it went
--     to, written before Google is called, so a retried insert finds it (409 → update) and a deleted row's
--     event can still be deleted once;
--   * the free/busy cache holds one window per provider, read again after two minutes or when a slot is
--     confirmed.

CREATE TABLE google_calendar_connections (
  provider_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- The Google account (the id of its primary calendar, its e-mail address).
  account_email text CHECK (length(account_email) <= 320),
  access_token_enc bytea NOT NULL,
  refresh_token_enc bytea,
  access_token_expires_at timestamptz NOT NULL,
  -- The calendar bookings and events are written to (NULL: the primary calendar).
  calendar_id text CHECK (length(calendar_id) <= 1024),
  calendar_name text CHECK (length(calendar_name) <= 500),
  status text NOT NULL DEFAULT 'connected' CHECK (status IN ('connected', 'broken')),
  broken_at timestamptz,
  last_sync_error text CHECK (length(last_sync_error) <= 1000),
  last_sync_error_at timestamptz,
  last_synced_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT google_calendar_connections_broken CHECK ((status = 'broken') = (broken_at IS NOT NULL))
);

CREATE TABLE google_calendar_synced (
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('event', 'booking')),
  source_id uuid NOT NULL,
  google_event_id text NOT NULL CHECK (google_event_id ~ '^[a-v0-9]+$' AND length(google_event_id) BETWEEN 5 AND 1024),
  calendar_id text NOT NULL CHECK (length(calendar_id) <= 1024),
  -- NULL until Google confirmed the first write.
  synced_at timestamptz,
  PRIMARY KEY (provider_id, source, source_id)
);

CREATE TABLE google_busy_cache (
  provider_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  window_from timestamptz NOT NULL,
  window_to timestamptz NOT NULL,
  -- [{"start": "…Z", "end": "…Z"}, …]
  intervals jsonb NOT NULL CHECK (jsonb_typeof(intervals) = 'array'),
  fetched_at timestamptz NOT NULL
);
