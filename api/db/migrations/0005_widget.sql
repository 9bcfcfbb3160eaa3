-- The embeddable widget's identity handoff (single sign-on). Conventions of 0001–0004 hold.

-- One signing secret per portal (the HS256 key of the provider's handoff tokens). The server verifies
-- HMACs, so it must keep the secret itself, not a hash: the API returns it once, in the response of the
-- rotation that created it, and afterwards only its last four characters (`hint`).
CREATE TABLE widget_secrets (
  portal_id uuid PRIMARY KEY,
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  secret text NOT NULL CHECK (length(secret) BETWEEN 32 AND 200),
  hint text NOT NULL,
  created_at timestamptz NOT NULL,
  CONSTRAINT widget_secrets_portal_fkey FOREIGN KEY (provider_id, portal_id)
    REFERENCES client_portals (provider_id, id) ON DELETE CASCADE
);

-- Handoff tokens are single use: the jti of every exchanged token is kept until the token expires
-- (at most 10 minutes), so a second exchange of the same token is refused. Expired rows are pruned
-- by the exchange itself.
CREATE TABLE widget_handoff_jtis (
  portal_id uuid NOT NULL REFERENCES client_portals (id) ON DELETE CASCADE,
  jti text NOT NULL CHECK (length(jti) BETWEEN 1 AND 200),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (portal_id, jti)
);
CREATE INDEX widget_handoff_jtis_expires_at_idx ON widget_handoff_jtis (expires_at);

-- A portal session can now also start by handoff (recorded like the other sign-in methods).
ALTER TABLE portal_sessions DROP CONSTRAINT portal_sessions_method_check;
ALTER TABLE portal_sessions ADD CONSTRAINT portal_sessions_method_check
  CHECK (method IN ('password', 'magic_link', 'handoff'));
