-- The Integrations page (issue 27). Conventions of 0001–0018 hold.
--   * A provider's own e-mail sending domain at Resend (`api/integrations/mail-domain`): one per provider,
--     Resend's id kept so the domain can be read, verified and removed there; `status` and `records` are
--     what Resend said last. Portal e-mails to the provider's clients go out From
--     `<from_local_part>@<domain>` while `in_use` and verified (`api/mail/mailer.ts`).
--   * The authorisations an integration's OAuth return is checked against (`api/integrations/authorisations.ts`):
--     only a SHA-256 of the random `state` is stored, bound to the provider and the integration, used once,
--     valid 10 minutes; the PKCE verifier is encrypted with a key derived from the state itself, so the
--     table alone does not reveal it.
--   * An outbox mail sent on behalf of a provider (to one of their clients) names that provider.

CREATE TABLE mail_domains (
  provider_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  domain text NOT NULL CHECK (length(domain) BETWEEN 3 AND 253),
  resend_domain_id text NOT NULL CHECK (length(resend_domain_id) BETWEEN 1 AND 255),
  -- Resend's status as last read: not_started, pending, verified, partially_verified, partially_failed,
  -- failed, temporary_failure.
  status text NOT NULL CHECK (length(status) <= 32),
  -- The DNS records to publish as Resend lists them: [{ record, type, name, value, ttl, priority, status }].
  records jsonb NOT NULL DEFAULT '[]'::jsonb,
  from_local_part text NOT NULL DEFAULT 'portal' CHECK (length(from_local_part) BETWEEN 1 AND 64),
  in_use boolean NOT NULL DEFAULT false,
  verified_at timestamptz,
  checked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- A domain is used only once it was verified.
  CONSTRAINT mail_domains_used_verified CHECK (NOT in_use OR verified_at IS NOT NULL)
);
CREATE UNIQUE INDEX mail_domains_resend_id_key ON mail_domains (resend_domain_id);

CREATE TABLE integration_authorisations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  integration text NOT NULL CHECK (integration ~ '^[a-z][a-z0-9_]{0,40}$'),
  state_hash bytea NOT NULL CHECK (length(state_hash) = 32),
  code_verifier_enc bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  outcome text CHECK (outcome IN ('connected', 'denied', 'failed')),
  CHECK ((used_at IS NULL) = (outcome IS NULL))
);
CREATE UNIQUE INDEX integration_authorisations_state_key ON integration_authorisations (state_hash);
CREATE INDEX integration_authorisations_provider_idx ON integration_authorisations (provider_id, created_at DESC);
CREATE INDEX integration_authorisations_expires_idx ON integration_authorisations (expires_at);

ALTER TABLE outbox_emails ADD COLUMN sender_provider_id uuid REFERENCES users (id) ON DELETE SET NULL;
