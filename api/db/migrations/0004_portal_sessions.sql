-- Portal client sessions (spec §3 "client session", §9: 7 days). Conventions of 0001–0003 hold.
-- Like provider sessions, the token is "<id>.<secret>" and only sha256(secret) is stored; the portal keeps
-- the token as a bearer credential (localStorage `portal_client_session`), never in a cookie.
-- A session names its client AND portal: every portal request checks both, and a client moved to another
-- portal (or deleted) loses its sessions through the composite foreign keys.

CREATE TABLE portal_sessions (
  id text PRIMARY KEY,
  secret_hash bytea NOT NULL,
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  portal_id uuid NOT NULL,
  client_id uuid NOT NULL,
  -- How the client signed in (the same value as the login event's metadata.method).
  method text NOT NULL CHECK (method IN ('password', 'magic_link')),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Fixed, not sliding: the portal stores expiresAt with the token and signs out when it passes.
  expires_at timestamptz NOT NULL,
  user_agent text,
  ip text,
  CONSTRAINT portal_sessions_client_fkey FOREIGN KEY (provider_id, client_id)
    REFERENCES clients (provider_id, id) ON DELETE CASCADE,
  CONSTRAINT portal_sessions_portal_fkey FOREIGN KEY (provider_id, portal_id)
    REFERENCES client_portals (provider_id, id) ON DELETE CASCADE
);
CREATE INDEX portal_sessions_client_idx ON portal_sessions (client_id);
CREATE INDEX portal_sessions_expires_at_idx ON portal_sessions (expires_at);
