-- Quotes (Angebote), issue 28. Conventions of 0001–0020 hold (money in integer minor units, quantities in
-- thousandths, rates in basis points, calendar days as `date`); in addition:
--   * a quote has its own gapless number sequence (`invoice_settings.next_quote_number`, handed out under the
--     same settings-row lock as invoice numbers) with its own prefix (default `AN-` for a German provider,
--     `Q-` otherwise: set by the service when the row is first made, editable like the invoice prefix);
--   * statuses: draft → sent → accepted | declined. `expired` is never stored: a sent quote whose
--     `valid_until` lies before today reads as expired, and accepting it is refused (a conditional update);
--   * a sent quote is immutable; its canonical content (number, parties, lines, totals, validity) is hashed
--     (SHA-256) when it is sent, and the acceptance records who (the portal client, name and e-mail as they
--     were), when, from which address, and the hash the client saw;
--   * an accepted quote becomes invoices: all of it (`full`), or a deposit first and the rest later
--     (`deposit`, `rest`). `invoices.quote_id`/`quote_part` link them; at most one live invoice per part
--     (a cancelled one may be made again).

ALTER TABLE invoice_settings
  ADD COLUMN quote_prefix text CHECK (length(quote_prefix) <= 20),
  ADD COLUMN next_quote_number integer NOT NULL DEFAULT 1 CHECK (next_quote_number >= 1),
  ADD COLUMN default_quote_valid_days integer NOT NULL DEFAULT 30 CHECK (default_quote_valid_days BETWEEN 1 AND 365);

CREATE TABLE quotes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id uuid NOT NULL,
  project_id uuid,
  number text CHECK (length(number) BETWEEN 1 AND 64),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'sent', 'accepted', 'declined')),
  currency text NOT NULL CHECK (currency IN ('EUR', 'USD')),
  language text NOT NULL CHECK (language IN ('en', 'de')),
  description text CHECK (length(description) <= 2000),
  valid_until date NOT NULL,
  supply_date date,
  supply_from date,
  supply_to date,
  tax_mode text CHECK (tax_mode IN ('standard', 'small_business')),
  subtotal_cents bigint NOT NULL CHECK (subtotal_cents >= 0),
  tax_cents bigint NOT NULL CHECK (tax_cents >= 0),
  amount_cents bigint NOT NULL CHECK (amount_cents <= 99999999),
  -- From sending on: seller, buyer and tax mode as they were (as `invoices.parties`).
  parties jsonb,
  content_sha256 text CHECK (content_sha256 ~ '^[0-9a-f]{64}$'),
  issued_at timestamptz,
  decided_at timestamptz,
  decided_by_client_id uuid,
  decided_by_name text,
  decided_by_email text,
  decided_ip text CHECK (length(decided_ip) <= 64),
  decided_sha256 text CHECK (decided_sha256 ~ '^[0-9a-f]{64}$'),
  decline_reason text CHECK (length(decline_reason) <= 1000),
  search_text text GENERATED ALWAYS AS (lower(coalesce(number, '') || ' ' || coalesce(description, ''))) STORED,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT quotes_provider_id_id_key UNIQUE (provider_id, id),
  CONSTRAINT quotes_client_fkey FOREIGN KEY (provider_id, client_id) REFERENCES clients (provider_id, id) ON DELETE CASCADE,
  CONSTRAINT quotes_provider_number_key UNIQUE (provider_id, number),
  CONSTRAINT quotes_number_when_issued CHECK ((status = 'draft') = (number IS NULL)),
  CONSTRAINT quotes_issued_when_not_draft CHECK ((status = 'draft') = (issued_at IS NULL)),
  CONSTRAINT quotes_hash_when_issued CHECK ((status = 'draft') = (content_sha256 IS NULL)),
  CONSTRAINT quotes_decided_when_decided CHECK ((status IN ('accepted', 'declined')) = (decided_at IS NOT NULL)),
  CONSTRAINT quotes_accepted_record CHECK (status <> 'accepted' OR (decided_by_client_id IS NOT NULL
    AND decided_by_name IS NOT NULL AND decided_ip IS NOT NULL AND decided_sha256 IS NOT NULL)),
  CONSTRAINT quotes_amount_sum CHECK (amount_cents = subtotal_cents + tax_cents),
  CONSTRAINT quotes_supply_day_or_period CHECK (supply_date IS NULL OR (supply_from IS NULL AND supply_to IS NULL)),
  CONSTRAINT quotes_supply_period_order CHECK (supply_from IS NULL OR supply_to IS NULL OR supply_from <= supply_to)
);
CREATE INDEX quotes_provider_created_idx ON quotes (provider_id, created_at DESC, id DESC);
CREATE INDEX quotes_client_idx ON quotes (provider_id, client_id);

-- A quote's lines, as `invoice_lines` (0014, 0020).
CREATE TABLE quote_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  quote_id uuid NOT NULL,
  position integer NOT NULL CHECK (position BETWEEN 1 AND 100),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 500),
  quantity_milli bigint NOT NULL CHECK (quantity_milli BETWEEN 1 AND 1000000000),
  unit_price_cents bigint NOT NULL CHECK (unit_price_cents BETWEEN 0 AND 99999999),
  tax_rate_bp integer CHECK (tax_rate_bp BETWEEN 0 AND 10000),
  amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
  unit text NOT NULL DEFAULT 'unit'
    CHECK (unit IN ('hour', 'day', 'week', 'month', 'piece', 'unit', 'flat_rate', 'km')),
  vat_category text CHECK (vat_category IN ('standard', 'reduced', 'zero', 'exempt', 'reverse_charge', 'outside_scope')),
  exemption_reason text CHECK (length(exemption_reason) <= 500),
  CONSTRAINT quote_lines_quote_fkey FOREIGN KEY (provider_id, quote_id)
    REFERENCES quotes (provider_id, id) ON DELETE CASCADE,
  CONSTRAINT quote_lines_position_key UNIQUE (quote_id, position)
);

ALTER TABLE invoices
  ADD COLUMN quote_id uuid,
  ADD COLUMN quote_part text CHECK (quote_part IN ('full', 'deposit', 'rest')),
  ADD CONSTRAINT invoices_quote_fkey FOREIGN KEY (provider_id, quote_id) REFERENCES quotes (provider_id, id) ON DELETE SET NULL (quote_id);
CREATE UNIQUE INDEX invoices_quote_part_key ON invoices (quote_id, quote_part) WHERE quote_id IS NOT NULL AND status <> 'cancelled';
