-- Foundation: providers (users), their sessions and profiles, e-mail verification, the waitlist,
-- rate-limit buckets and the e-mail outbox. Later migrations add portals, clients, projects, activity,
-- files, invoices, API keys; the conventions here are theirs too:
--   * uuid primary keys (gen_random_uuid()), timestamptz everywhere, snake_case;
--   * every tenant-owned row carries provider_id (a users.id) and every query filters on it;
--   * secrets (session secrets, tokens) are stored only as SHA-256 hashes (bytea).

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  password_hash text NOT NULL,
  email_verified_at timestamptz,
  trial_ends_at timestamptz NOT NULL DEFAULT now() + interval '14 days',
  plan text NOT NULL DEFAULT 'trial' CHECK (plan IN ('trial', 'premium')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_email_lowercase CHECK (email = lower(email))
);
CREATE UNIQUE INDEX users_email_key ON users (email);

CREATE TABLE profiles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  full_name text NOT NULL,
  business_name text,
  website text,
  preferred_language text NOT NULL DEFAULT 'en' CHECK (preferred_language IN ('en', 'de')),
  currency text CHECK (currency ~ '^[A-Z]{3}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Lucia-style sessions: the token is "<id>.<secret>"; only sha256(secret) is stored.
CREATE TABLE user_sessions (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  secret_hash bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  user_agent text,
  ip text
);
CREATE INDEX user_sessions_user_id_idx ON user_sessions (user_id);
CREATE INDEX user_sessions_expires_at_idx ON user_sessions (expires_at);

CREATE TABLE email_verification_tokens (
  token_hash bytea PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_verification_tokens_user_id_idx ON email_verification_tokens (user_id);

CREATE TABLE waitlist (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  name text,
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'de')),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Fixed-window counters shared by every instance (sign-in, sign-up, magic links...).
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL
);

-- Every e-mail the platform sends. With a Resend key it is the delivery log; without one it is the
-- development outbox shown at /api/dev/outbox.
CREATE TABLE outbox_emails (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  to_address text NOT NULL,
  subject text NOT NULL,
  html text NOT NULL,
  text_body text NOT NULL,
  kind text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'outbox')),
  provider_message_id text,
  error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_emails_to_created_idx ON outbox_emails (to_address, created_at DESC);
