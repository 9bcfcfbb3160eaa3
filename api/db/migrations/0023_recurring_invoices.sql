-- Recurring invoices, issue 28. Conventions of 0001–0022 hold (money in integer minor units, quantities in
-- thousandths, rates in basis points, calendar days as `date`); in addition:
--   * a schedule belongs to one client of the provider: monthly, quarterly or yearly (anchored on the start
--     day: 31 Jan → 28/29 Feb → 31 Mar), or every `interval_days` days (at least 1: never two invoices a day);
--   * period k (k = 0, 1, …) starts on the k-th date of the schedule and ends the day before the next one;
--     `next_period` is the first period not invoiced yet and `next_date` its first day (NULL once it lies after
--     `end_date`: the schedule has ended);
--   * the job invoices a period once: `recurring_invoice_runs` has one row per (schedule, period start), made
--     in the transaction that creates and sends the invoice; a second run of the same period conflicts.

CREATE TABLE recurring_invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id uuid NOT NULL,
  project_id uuid,
  frequency text NOT NULL CHECK (frequency IN ('monthly', 'quarterly', 'yearly', 'days')),
  interval_days integer CHECK (interval_days BETWEEN 1 AND 3660),
  start_date date NOT NULL,
  end_date date,
  next_period integer NOT NULL DEFAULT 0 CHECK (next_period >= 0),
  next_date date,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused')),
  currency text NOT NULL CHECK (currency IN ('EUR', 'USD')),
  language text NOT NULL CHECK (language IN ('en', 'de')),
  description text CHECK (length(description) <= 2000),
  -- Days from the invoice's issue to its due date; NULL: the invoice settings' payment term.
  due_days integer CHECK (due_days BETWEEN 0 AND 365),
  tax_mode text CHECK (tax_mode IN ('standard', 'small_business')),
  subtotal_cents bigint NOT NULL CHECK (subtotal_cents >= 0),
  tax_cents bigint NOT NULL CHECK (tax_cents >= 0),
  amount_cents bigint NOT NULL CHECK (amount_cents <= 99999999),
  -- Why the last period's invoice stayed a draft (the pre-send check's fields), NULL when it was sent.
  last_error jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT recurring_invoices_provider_id_id_key UNIQUE (provider_id, id),
  CONSTRAINT recurring_invoices_client_fkey FOREIGN KEY (provider_id, client_id)
    REFERENCES clients (provider_id, id) ON DELETE CASCADE,
  CONSTRAINT recurring_invoices_project_fkey FOREIGN KEY (provider_id, project_id)
    REFERENCES projects (provider_id, id) ON DELETE SET NULL (project_id),
  CONSTRAINT recurring_invoices_interval CHECK ((frequency = 'days') = (interval_days IS NOT NULL)),
  CONSTRAINT recurring_invoices_end_after_start CHECK (end_date IS NULL OR end_date >= start_date),
  CONSTRAINT recurring_invoices_next_after_start CHECK (next_date IS NULL OR next_date >= start_date),
  CONSTRAINT recurring_invoices_amount_sum CHECK (amount_cents = subtotal_cents + tax_cents)
);
CREATE INDEX recurring_invoices_provider_created_idx ON recurring_invoices (provider_id, created_at DESC, id DESC);
CREATE INDEX recurring_invoices_due_idx ON recurring_invoices (next_date) WHERE status = 'active' AND next_date IS NOT NULL;

-- A schedule's lines, as `invoice_lines` (0014, 0020) and `quote_lines` (0022).
CREATE TABLE recurring_invoice_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  recurring_invoice_id uuid NOT NULL,
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
  CONSTRAINT recurring_invoice_lines_owner_fkey FOREIGN KEY (provider_id, recurring_invoice_id)
    REFERENCES recurring_invoices (provider_id, id) ON DELETE CASCADE,
  CONSTRAINT recurring_invoice_lines_position_key UNIQUE (recurring_invoice_id, position)
);

-- One row per invoiced period: the unique key is what makes "once per period" hold on any number of
-- instances, whatever the job queue does.
CREATE TABLE recurring_invoice_runs (
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  recurring_invoice_id uuid NOT NULL,
  period_start date NOT NULL,
  period_end date NOT NULL,
  invoice_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT recurring_invoice_runs_period_key PRIMARY KEY (recurring_invoice_id, period_start),
  CONSTRAINT recurring_invoice_runs_owner_fkey FOREIGN KEY (provider_id, recurring_invoice_id)
    REFERENCES recurring_invoices (provider_id, id) ON DELETE CASCADE,
  CONSTRAINT recurring_invoice_runs_invoice_fkey FOREIGN KEY (provider_id, invoice_id)
    REFERENCES invoices (provider_id, id) ON DELETE SET NULL (invoice_id),
  CONSTRAINT recurring_invoice_runs_period_order CHECK (period_end >= period_start)
);
CREATE INDEX recurring_invoice_runs_invoice_idx ON recurring_invoice_runs (provider_id, invoice_id);
