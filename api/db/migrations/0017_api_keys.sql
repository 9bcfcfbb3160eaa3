-- API keys (issue 27): a provider's keys for their own scripts and tools. The secret (`cp_live_` + 43
-- base62 characters, 256 bits) is shown once; only its sha256 is stored, and a request's key is found by
-- that hash (a unique index: one lookup). `prefix` is the start of the secret, shown in lists so a key can
-- be recognised. A revoked key keeps its row (revoked_at) so the list shows it as revoked.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  prefix text NOT NULL,
  secret_hash bytea NOT NULL UNIQUE,
  scopes text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  last_used_at timestamptz,
  last_used_ip text,
  revoked_at timestamptz
);
CREATE INDEX api_keys_provider_created_idx ON api_keys (provider_id, created_at DESC, id DESC);

-- Per-key request counters, one row per key and fixed window (one upsert per request, shared by every
-- instance). UNLOGGED: a counter is worth nothing after a crash, and no WAL is written per request.
-- Old windows are deleted by the `prune_api_key_windows` job.
CREATE UNLOGGED TABLE api_key_rate_windows (
  key_id uuid NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (key_id, window_start)
);
CREATE INDEX api_key_rate_windows_start_idx ON api_key_rate_windows (window_start);

-- `Idempotency-Key` of creating POSTs, per provider and key, kept 24 h: the fingerprint of the request
-- (method, path and body) and, once the first request finished, its status and body to replay. A row
-- without a status is a request still running (a concurrent repeat answers 409).
CREATE TABLE idempotency_keys (
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  request_hash bytea NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  response_status integer,
  response_body text,
  PRIMARY KEY (provider_id, key)
);
CREATE INDEX idempotency_keys_expires_at_idx ON idempotency_keys (expires_at);
