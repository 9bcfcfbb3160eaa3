-- Invoices and payments (issue 21). `invoices` exists since 0002; this migration gives it line items,
-- gapless numbers, a language, Stripe links and credit notes, and adds the provider's invoice settings, the
-- Stripe connection (keys encrypted at rest), Stripe customers per client, processed webhook events and the
-- provider's own plan subscription. Conventions of 0001–0013 hold; in addition:
--   * money is integer minor units (cents) everywhere; quantities are integer thousandths (1.5 h = 1500);
--     tax rates are integer basis points (19 % = 1900). The arithmetic lives in shared/contracts/money.ts and
--     the stored totals are what it computed (the service writes them; the checks below keep them sane);
--   * a draft has no number. Sending assigns the next number of the provider's sequence in the same
--     transaction that sets the status (the `invoice_settings` row is the lock), so numbers are never
--     reused and have no gaps, also under concurrent sends (a rollback gives the number back);
--   * a sent invoice is immutable (lines, amounts, client, currency, number). A correction is a cancellation:
--     the invoice becomes `cancelled` and a credit note (own gapless sequence) references it;
--   * statuses only move along: draft → sent; sent → paid | overdue | cancelled; overdue → paid | cancelled;
--     paid and cancelled are final (shared/contracts/invoices.ts `INVOICE_TRANSITIONS`).

ALTER TABLE invoices
  ALTER COLUMN number DROP NOT NULL,
  ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'de')),
  ADD COLUMN subtotal_cents bigint NOT NULL DEFAULT 0 CHECK (subtotal_cents >= 0),
  ADD COLUMN tax_cents bigint NOT NULL DEFAULT 0 CHECK (tax_cents >= 0),
  -- When the invoice was sent (finalised): its issue date. NULL while draft.
  ADD COLUMN issued_at timestamptz,
  ADD COLUMN cancelled_at timestamptz,
  -- How it was paid: 'manual' (the provider marked it), 'stripe_invoice' (the hosted invoice page),
  -- 'stripe_checkout' (the portal's pay button).
  ADD COLUMN paid_via text CHECK (paid_via IN ('manual', 'stripe_invoice', 'stripe_checkout')),
  ADD COLUMN stripe_account_id text,
  ADD COLUMN stripe_hosted_url text,
  ADD COLUMN stripe_pdf_url text,
  ADD COLUMN stripe_checkout_session_id text,
  ADD COLUMN search_text text GENERATED ALWAYS AS (lower(coalesce(number, '') || ' ' || coalesce(description, ''))) STORED;

-- Rows written before this migration: one net line's worth of amount, no tax; drafts lose their number.
UPDATE invoices SET
  subtotal_cents = amount_cents,
  number = CASE WHEN status = 'draft' THEN NULL ELSE number END,
  issued_at = CASE WHEN status = 'draft' THEN NULL ELSE created_at END,
  paid_at = CASE WHEN status = 'paid' THEN coalesce(paid_at, updated_at) END;

ALTER TABLE invoices
  ADD CONSTRAINT invoices_provider_id_id_key UNIQUE (provider_id, id),
  ADD CONSTRAINT invoices_number_when_issued CHECK ((status = 'draft') = (number IS NULL)),
  ADD CONSTRAINT invoices_issued_when_not_draft CHECK ((status = 'draft') = (issued_at IS NULL)),
  ADD CONSTRAINT invoices_paid_at_when_paid CHECK ((status = 'paid') = (paid_at IS NOT NULL)),
  ADD CONSTRAINT invoices_amount_sum CHECK (amount_cents = subtotal_cents + tax_cents),
  -- Stripe's own ceiling for one payment (99,999,999 minor units), so every invoice can be paid by card.
  ADD CONSTRAINT invoices_amount_max CHECK (amount_cents <= 99999999),
  ADD CONSTRAINT invoices_currency_supported CHECK (currency IN ('EUR', 'USD'));

CREATE INDEX invoices_provider_created_idx ON invoices (provider_id, created_at DESC, id DESC);
CREATE INDEX invoices_overdue_idx ON invoices (due_date) WHERE status = 'sent';
CREATE UNIQUE INDEX invoices_stripe_invoice_key ON invoices (stripe_invoice_id) WHERE stripe_invoice_id IS NOT NULL;
CREATE INDEX invoices_search_trgm_idx ON invoices USING gin (search_text public.gin_trgm_ops);

-- The lines of an invoice, in order. amount_cents = round_half_up(quantity_milli * unit_price_cents / 1000).
CREATE TABLE invoice_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  invoice_id uuid NOT NULL,
  position integer NOT NULL CHECK (position BETWEEN 1 AND 100),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 500),
  quantity_milli bigint NOT NULL CHECK (quantity_milli BETWEEN 1 AND 1000000000),
  unit_price_cents bigint NOT NULL CHECK (unit_price_cents BETWEEN 0 AND 99999999),
  tax_rate_bp integer CHECK (tax_rate_bp BETWEEN 0 AND 10000),
  amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
  CONSTRAINT invoice_lines_invoice_fkey FOREIGN KEY (provider_id, invoice_id)
    REFERENCES invoices (provider_id, id) ON DELETE CASCADE,
  CONSTRAINT invoice_lines_position_key UNIQUE (invoice_id, position)
);

-- A credit note cancels one sent or overdue invoice (German "Stornorechnung"): its own gapless number, the
-- cancelled invoice's amounts (shown negative on its PDF), a reason.
CREATE TABLE credit_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  invoice_id uuid NOT NULL,
  number text NOT NULL CHECK (length(number) BETWEEN 1 AND 64),
  reason text CHECK (length(reason) <= 1000),
  amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT credit_notes_invoice_fkey FOREIGN KEY (provider_id, invoice_id)
    REFERENCES invoices (provider_id, id) ON DELETE CASCADE,
  CONSTRAINT credit_notes_invoice_key UNIQUE (invoice_id),
  CONSTRAINT credit_notes_provider_number_key UNIQUE (provider_id, number)
);

-- Per provider: the number sequences (next_* is the next number to hand out), the business details printed
-- on every invoice, how to pay without a card, and defaults for new invoices. Created on first use.
CREATE TABLE invoice_settings (
  provider_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  number_prefix text NOT NULL DEFAULT 'INV-' CHECK (length(number_prefix) <= 20),
  next_number integer NOT NULL DEFAULT 1 CHECK (next_number >= 1),
  credit_note_prefix text NOT NULL DEFAULT 'CN-' CHECK (length(credit_note_prefix) <= 20),
  next_credit_note_number integer NOT NULL DEFAULT 1 CHECK (next_credit_note_number >= 1),
  business_address text CHECK (length(business_address) <= 500),
  tax_id text CHECK (length(tax_id) <= 50),
  payment_instructions text CHECK (length(payment_instructions) <= 1000),
  footer_note text CHECK (length(footer_note) <= 500),
  default_due_days integer NOT NULL DEFAULT 14 CHECK (default_due_days BETWEEN 0 AND 365),
  default_tax_rate_bp integer CHECK (default_tax_rate_bp BETWEEN 0 AND 10000),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT invoice_settings_prefixes_differ CHECK (number_prefix <> credit_note_prefix)
);

-- The provider's own Stripe account. Keys are AES-256-GCM encrypted with PAYMENT_SECRETS_KEY (api/payments).
CREATE TABLE stripe_connections (
  provider_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  account_id text NOT NULL,
  account_name text,
  livemode boolean NOT NULL,
  secret_key_enc bytea NOT NULL,
  -- Last four characters of the key, to show which key is connected.
  secret_key_last4 text NOT NULL,
  webhook_secret_enc bytea NOT NULL,
  -- The webhook endpoint we created in the provider's account (NULL when they entered its secret themselves).
  webhook_endpoint_id text,
  connected_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stripe_connections_account_idx ON stripe_connections (account_id);

-- One Stripe customer per client and connected account, reused for every invoice.
CREATE TABLE stripe_customers (
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id uuid NOT NULL,
  account_id text NOT NULL,
  customer_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider_id, client_id, account_id),
  CONSTRAINT stripe_customers_client_fkey FOREIGN KEY (provider_id, client_id)
    REFERENCES clients (provider_id, id) ON DELETE CASCADE
);

-- Webhook events already processed (Stripe delivers at least once, in any order): an event id is handled once,
-- in the same transaction as its effect.
CREATE TABLE stripe_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  -- 'platform' (our own account: plans) or the provider whose connected account sent it.
  source text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stripe_events_received_idx ON stripe_events (received_at);

-- The provider's subscription to the Professional plan on the platform's Stripe account. users.plan says
-- 'premium' while it is active; the state comes only from webhooks, and an older event never overwrites a
-- newer one (last_event_at).
CREATE TABLE plan_subscriptions (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  customer_id text NOT NULL,
  subscription_id text,
  status text NOT NULL CHECK (status IN ('incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due',
                                          'canceled', 'unpaid', 'paused')),
  current_period_end timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  last_event_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX plan_subscriptions_customer_key ON plan_subscriptions (customer_id);

-- An invoice need not belong to a project, and its creation and status changes are activity all the same
-- (the payment-success page and both notification sheets learn of them live): such rows carry the invoice's
-- client and no project.
ALTER TABLE activity_feed ALTER COLUMN project_id DROP NOT NULL;
