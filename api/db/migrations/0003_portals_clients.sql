-- Portals and clients, usable: client search, magic-link tokens for portal sign-in, logo versions.
-- Conventions of 0001 and 0002 hold.

-- Trigram indexes make "contains" search (ILIKE '%term%') over name, e-mail and company fast. The
-- extension lives in `public` so every schema (tests use one per file) finds its operator classes; the
-- migration lock serialises concurrent CREATE EXTENSION calls. PGlite loads it as a contrib extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- One lower-cased text per client holding the searchable fields, separated by a newline (a search term
-- is trimmed, so it never spans two fields by accident of a separator it cannot contain).
ALTER TABLE clients ADD COLUMN search_text text GENERATED ALWAYS AS (
  lower(name || E'\n' || email || E'\n' || coalesce(company, ''))
) STORED;
CREATE INDEX clients_search_trgm_idx ON clients USING gin (search_text public.gin_trgm_ops);
-- Sorting by company (name, e-mail and created_at already have provider-scoped indexes in 0002).
CREATE INDEX clients_provider_company_idx ON clients (provider_id, lower(company));
CREATE INDEX clients_provider_portal_idx ON clients (provider_id, portal_id);

-- Magic-link sign-in tokens (spec §4, §9): only sha256(token) is stored; 24 h; single use (used_at);
-- issuing a new one invalidates every earlier unused token of the client.
CREATE TABLE client_magic_links (
  token_hash bytea PRIMARY KEY,
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  portal_id uuid NOT NULL REFERENCES client_portals (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX client_magic_links_client_idx ON client_magic_links (client_id) WHERE used_at IS NULL;
CREATE INDEX client_magic_links_expires_idx ON client_magic_links (expires_at);

-- The portal login and the widget read a portal by custom domain (Host header) only once verified.
CREATE INDEX client_portals_verified_domain_idx ON client_portals (custom_domain)
  WHERE domain_status = 'verified';
