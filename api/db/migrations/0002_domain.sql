-- The provider's domain: branded portals, their clients, projects, invoices and the portal audit trail.
-- Conventions of 0001 hold. In addition:
--   * every tenant-owned row carries provider_id (users.id, ON DELETE CASCADE), so deleting a provider
--     deletes everything they own; every index used by a tenant query starts with provider_id;
--   * a child names its parent together with provider_id (composite foreign keys onto the parent's
--     UNIQUE (provider_id, id)), so the database itself refuses a row that points into another tenant;
--   * money is integer cents (bigint) with an ISO 4217 code; never summed across currencies.

CREATE TABLE client_portals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  portal_name text NOT NULL CHECK (length(portal_name) BETWEEN 1 AND 120),
  logo_path text,
  primary_color text NOT NULL DEFAULT '#2563eb' CHECK (primary_color ~ '^#[0-9a-f]{6}$'),
  secondary_color text NOT NULL DEFAULT '#64748b' CHECK (secondary_color ~ '^#[0-9a-f]{6}$'),
  -- Looked up by Host header across all tenants, hence globally unique (NULLs do not collide).
  custom_domain text UNIQUE CHECK (custom_domain = lower(custom_domain)),
  domain_verification_token text,
  domain_status text NOT NULL DEFAULT 'none'
    CHECK (domain_status IN ('none', 'pending', 'verified', 'failed')),
  domain_checked_at timestamptz,
  domain_error text,
  -- Website origins allowed to frame the portal (CSP frame-ancestors) and to talk to the widget.
  allowed_origins text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT client_portals_provider_id_id_key UNIQUE (provider_id, id)
);
CREATE INDEX client_portals_provider_created_idx ON client_portals (provider_id, created_at DESC);

CREATE TABLE clients (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  portal_id uuid NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  email text NOT NULL CHECK (email = lower(email)),
  company text,
  phone text,
  notes text,
  -- argon2id; NULL while the client signs in by magic link only (spec §3 "password flag").
  password_hash text,
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'de')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT clients_provider_id_id_key UNIQUE (provider_id, id),
  CONSTRAINT clients_portal_id_email_key UNIQUE (portal_id, email),
  CONSTRAINT clients_portal_fkey FOREIGN KEY (provider_id, portal_id)
    REFERENCES client_portals (provider_id, id) ON DELETE CASCADE
);
CREATE INDEX clients_provider_name_idx ON clients (provider_id, lower(name));
CREATE INDEX clients_provider_email_idx ON clients (provider_id, email);
CREATE INDEX clients_provider_created_idx ON clients (provider_id, created_at DESC);

CREATE TABLE projects (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id uuid NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  description text,
  status text NOT NULL DEFAULT 'planning'
    CHECK (status IN ('planning', 'in_progress', 'on_hold', 'completed', 'cancelled')),
  budget_cents bigint CHECK (budget_cents >= 0),
  currency char(3) CHECK (currency ~ '^[A-Z]{3}$'),
  start_date date,
  end_date date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT projects_provider_id_id_key UNIQUE (provider_id, id),
  CONSTRAINT projects_client_fkey FOREIGN KEY (provider_id, client_id)
    REFERENCES clients (provider_id, id) ON DELETE CASCADE,
  CONSTRAINT projects_dates_order CHECK (end_date IS NULL OR start_date IS NULL OR end_date >= start_date)
);
CREATE INDEX projects_provider_status_idx ON projects (provider_id, status);
CREATE INDEX projects_provider_client_idx ON projects (provider_id, client_id);

CREATE TABLE invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id uuid NOT NULL,
  project_id uuid,
  number text NOT NULL CHECK (length(number) BETWEEN 1 AND 64),
  amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  status text NOT NULL DEFAULT 'draft'
    CHECK (status IN ('draft', 'sent', 'paid', 'overdue', 'cancelled')),
  description text,
  due_date date,
  paid_at timestamptz,
  stripe_invoice_id text,
  stripe_payment_intent_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT invoices_provider_number_key UNIQUE (provider_id, number),
  CONSTRAINT invoices_client_fkey FOREIGN KEY (provider_id, client_id)
    REFERENCES clients (provider_id, id) ON DELETE CASCADE,
  -- Deleting the project keeps the invoice (its number is part of the books); only project_id is cleared.
  CONSTRAINT invoices_project_fkey FOREIGN KEY (provider_id, project_id)
    REFERENCES projects (provider_id, id) ON DELETE SET NULL (project_id)
);
CREATE INDEX invoices_provider_status_idx ON invoices (provider_id, status);
CREATE INDEX invoices_provider_client_idx ON invoices (provider_id, client_id);
CREATE INDEX invoices_provider_project_idx ON invoices (provider_id, project_id) WHERE project_id IS NOT NULL;

-- Portal audit trail (spec §3): login (metadata {"method": "password"|"magic_link"}), logout ({}), and
-- security events such as a portal mismatch (spec §5). client_id is NULL when no client is known.
CREATE TABLE portal_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  portal_id uuid NOT NULL,
  client_id uuid,
  event_type text NOT NULL CHECK (event_type IN ('login', 'logout', 'security')),
  metadata jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT portal_events_portal_fkey FOREIGN KEY (provider_id, portal_id)
    REFERENCES client_portals (provider_id, id) ON DELETE CASCADE,
  CONSTRAINT portal_events_client_fkey FOREIGN KEY (provider_id, client_id)
    REFERENCES clients (provider_id, id) ON DELETE CASCADE
);
CREATE INDEX portal_events_provider_portal_created_idx ON portal_events (provider_id, portal_id, created_at DESC);
CREATE INDEX portal_events_provider_client_idx ON portal_events (provider_id, client_id)
  WHERE client_id IS NOT NULL;
