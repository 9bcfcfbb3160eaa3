-- Automatic payment of recurring invoices (issue 28). Conventions of 0001–0026 hold; in addition:
--   * a schedule may offer automatic payment (`recurring_invoices.autopay`); its client agrees in the portal
--     through a Stripe Checkout Session in setup mode in the provider's Stripe account, for the client's Stripe
--     customer there (`stripe_customers`). Every such session is kept (`autopay_setup_sessions`, with who asked
--     and from where) so the webhook acts only on sessions we made;
--   * an agreement (`autopay_agreements`) is the saved card (payment method id, brand and last four digits for
--     display only) and who agreed, when, from which address; at most one in force per schedule, a withdrawn
--     one stays as a record;
--   * each invoice the job makes for a schedule with an agreement in force is charged ONCE off-session
--     (`autopay_charges`, one row per invoice, made in the transaction that sends it): pending → succeeded
--     (the payment applied as `invoice_payments` source `stripe_autopay`) or failed (the invoice sent to pay as
--     any other, the reason shown on the schedule).

ALTER TABLE recurring_invoices ADD COLUMN autopay boolean NOT NULL DEFAULT false;

CREATE TABLE autopay_setup_sessions (
  session_id text PRIMARY KEY CHECK (length(session_id) BETWEEN 1 AND 255),
  provider_id uuid NOT NULL,
  recurring_invoice_id uuid NOT NULL,
  client_id uuid NOT NULL,
  account_id text NOT NULL,
  customer_id text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete')),
  requested_name text NOT NULL,
  requested_email text NOT NULL,
  requested_ip text NOT NULL CHECK (length(requested_ip) <= 64),
  requested_at timestamptz NOT NULL,
  CONSTRAINT autopay_setup_sessions_owner_fkey FOREIGN KEY (provider_id, recurring_invoice_id)
    REFERENCES recurring_invoices (provider_id, id) ON DELETE CASCADE
);
CREATE INDEX autopay_setup_sessions_schedule_idx ON autopay_setup_sessions (provider_id, recurring_invoice_id);

CREATE TABLE autopay_agreements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL,
  recurring_invoice_id uuid NOT NULL,
  client_id uuid NOT NULL,
  account_id text NOT NULL,
  customer_id text NOT NULL,
  payment_method_id text NOT NULL CHECK (length(payment_method_id) BETWEEN 1 AND 255),
  card_brand text CHECK (length(card_brand) <= 32),
  card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$'),
  setup_session_id text NOT NULL UNIQUE,
  agreed_name text NOT NULL,
  agreed_email text NOT NULL,
  agreed_ip text NOT NULL CHECK (length(agreed_ip) <= 64),
  agreed_at timestamptz NOT NULL,
  withdrawn_at timestamptz,
  withdrawn_by text CHECK (withdrawn_by IN ('client', 'provider')),
  CONSTRAINT autopay_agreements_owner_fkey FOREIGN KEY (provider_id, recurring_invoice_id)
    REFERENCES recurring_invoices (provider_id, id) ON DELETE CASCADE,
  CONSTRAINT autopay_agreements_withdrawn CHECK ((withdrawn_at IS NULL) = (withdrawn_by IS NULL))
);
CREATE UNIQUE INDEX autopay_agreements_in_force_key ON autopay_agreements (recurring_invoice_id)
  WHERE withdrawn_at IS NULL;

CREATE TABLE autopay_charges (
  provider_id uuid NOT NULL,
  invoice_id uuid NOT NULL,
  recurring_invoice_id uuid NOT NULL,
  agreement_id uuid NOT NULL REFERENCES autopay_agreements (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  payment_intent_id text CHECK (length(payment_intent_id) <= 255),
  -- Why it failed, in the API's vocabulary: authentication_required, card_declined, autopay_withdrawn,
  -- stripe_not_connected, stripe_unavailable, invoice_not_payable.
  error_code text CHECK (length(error_code) <= 64),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT autopay_charges_pkey PRIMARY KEY (provider_id, invoice_id),
  CONSTRAINT autopay_charges_invoice_fkey FOREIGN KEY (provider_id, invoice_id)
    REFERENCES invoices (provider_id, id) ON DELETE CASCADE,
  CONSTRAINT autopay_charges_owner_fkey FOREIGN KEY (provider_id, recurring_invoice_id)
    REFERENCES recurring_invoices (provider_id, id) ON DELETE CASCADE
);
CREATE INDEX autopay_charges_schedule_idx ON autopay_charges (provider_id, recurring_invoice_id, created_at DESC);

ALTER TABLE invoice_payments DROP CONSTRAINT invoice_payments_source_check;
ALTER TABLE invoice_payments ADD CONSTRAINT invoice_payments_source_check
  CHECK (source IN ('manual', 'stripe_checkout', 'stripe_invoice', 'stripe_autopay'));
ALTER TABLE invoices DROP CONSTRAINT invoices_paid_via_check;
ALTER TABLE invoices ADD CONSTRAINT invoices_paid_via_check
  CHECK (paid_via IN ('manual', 'stripe_invoice', 'stripe_checkout', 'stripe_autopay'));
