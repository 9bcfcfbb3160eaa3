-- Stripe work as jobs, and every card payment on the books (issue 26). Conventions of 0001–0014 hold.
--   * Sending an invoice no longer talks to Stripe inside the request: the send's transaction marks the
--     invoice's push `pending` and enqueues `stripe_push_invoice`; the job records how it went here.
--   * Closing an invoice (cancelled, or paid in any way) enqueues `stripe_close_invoice` in the same
--     transaction: every open Checkout session of the invoice is expired and its Stripe invoice voided
--     (cancelled) or settled out of band (paid); the sessions are therefore kept, one row each.
--   * Every Stripe payment for an invoice is a row of `invoice_payments`: the one that paid it (`applied`),
--     or one that arrived for an invoice already closed, which is refunded through Stripe by a job and
--     stays in view with how that went.

ALTER TABLE invoices
  -- The push to the provider's Stripe account: NULL (never asked: no Stripe connection when sent),
  -- pending (queued; with stripe_push_error: an attempt failed and the next one is scheduled), sent
  -- (created, finalised and sent in Stripe), failed (given up, or cannot work: stripe_push_error says why),
  -- skipped (the invoice was closed, or Stripe disconnected, before it ran).
  ADD COLUMN stripe_push_state text CHECK (stripe_push_state IN ('pending', 'sent', 'failed', 'skipped')),
  -- Why the last attempt failed: an error code of the API's vocabulary (stripe_unavailable, stripe_key_invalid,
  -- stripe_total_mismatch, stripe_account_changed).
  ADD COLUMN stripe_push_error text CHECK (length(stripe_push_error) <= 64),
  -- The Stripe invoice's status as we last saw it (push, close job, webhooks): draft, open, paid, void, or
  -- deleted (a draft removed when the invoice was closed before its push finished).
  ADD COLUMN stripe_invoice_status text
    CHECK (stripe_invoice_status IN ('draft', 'open', 'paid', 'void', 'uncollectible', 'deleted')),
  -- Closing in Stripe after the invoice left sent/overdue: pending (queued; with stripe_close_error: an
  -- attempt failed, the next is scheduled), done, failed (given up: the provider finishes it in Stripe).
  -- NULL when there was nothing in Stripe to close.
  ADD COLUMN stripe_close_state text CHECK (stripe_close_state IN ('pending', 'done', 'failed')),
  ADD COLUMN stripe_close_error text CHECK (length(stripe_close_error) <= 64),
  -- Set just before we ask Stripe to mark the Stripe invoice paid out of band, so its `invoice.paid` is
  -- known for our own doing (no money moved) and not taken for a client's late payment.
  ADD COLUMN stripe_settled_out_of_band boolean NOT NULL DEFAULT false;

-- Every Checkout session made for an invoice (the portal's pay button), so that closing the invoice can
-- expire each one still open. invoices.stripe_checkout_session_id stays the newest (reused while open).
CREATE TABLE stripe_checkout_sessions (
  session_id text PRIMARY KEY CHECK (length(session_id) BETWEEN 1 AND 255),
  provider_id uuid NOT NULL,
  invoice_id uuid NOT NULL,
  account_id text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
  amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
  currency text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT stripe_checkout_sessions_invoice_fkey FOREIGN KEY (provider_id, invoice_id)
    REFERENCES invoices (provider_id, id) ON DELETE CASCADE
);
CREATE INDEX stripe_checkout_sessions_invoice_idx ON stripe_checkout_sessions (provider_id, invoice_id);

-- Sessions made before this migration: the stored newest one of each invoice (its account and amount are
-- the invoice's; an expiry in the past makes the close job ask Stripe, which knows).
INSERT INTO stripe_checkout_sessions (session_id, provider_id, invoice_id, account_id, status, amount_cents,
                                      currency, expires_at, created_at)
SELECT i.stripe_checkout_session_id, i.provider_id, i.id, coalesce(i.stripe_account_id, sc.account_id, ''),
       CASE WHEN i.status IN ('sent', 'overdue') THEN 'open' ELSE 'complete' END, i.amount_cents,
       lower(i.currency), i.updated_at, i.updated_at
FROM invoices i LEFT JOIN stripe_connections sc ON sc.provider_id = i.provider_id
WHERE i.stripe_checkout_session_id IS NOT NULL
ON CONFLICT (session_id) DO NOTHING;

-- Card payments through Stripe for an invoice, one per Stripe object that was paid (a Checkout session
-- `cs_…`, or the Stripe invoice `in_…` paid on its hosted page).
--   applied         this payment made the invoice paid;
--   refund_pending  it came for an invoice already cancelled or paid another way: a job refunds it;
--   refunded        refunded through Stripe (refund_id);
--   refund_failed   Stripe refused or stayed away through every attempt: the provider refunds it by hand
--                   (they were notified; refund_error says why);
--   not_charged     the Stripe invoice was marked paid without money moving (out of band): nothing to refund.
CREATE TABLE invoice_payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL,
  invoice_id uuid NOT NULL,
  account_id text NOT NULL,
  source text NOT NULL CHECK (source IN ('stripe_checkout', 'stripe_invoice')),
  stripe_object_id text NOT NULL CHECK (length(stripe_object_id) BETWEEN 1 AND 255),
  payment_intent_id text CHECK (length(payment_intent_id) <= 255),
  amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
  currency text NOT NULL CHECK (currency ~ '^[a-z]{3}$'),
  -- What our invoice was when the money came: the reason it is refunded.
  invoice_status text NOT NULL CHECK (invoice_status IN ('sent', 'overdue', 'paid', 'cancelled')),
  outcome text NOT NULL CHECK (outcome IN ('applied', 'refund_pending', 'refunded', 'refund_failed', 'not_charged')),
  event_id text NOT NULL,
  received_at timestamptz NOT NULL,
  refund_id text,
  refund_error text CHECK (length(refund_error) <= 64),
  refunded_at timestamptz,
  CONSTRAINT invoice_payments_invoice_fkey FOREIGN KEY (provider_id, invoice_id)
    REFERENCES invoices (provider_id, id) ON DELETE CASCADE,
  CONSTRAINT invoice_payments_object_key UNIQUE (account_id, stripe_object_id),
  CONSTRAINT invoice_payments_refunded CHECK ((outcome = 'refunded') = (refund_id IS NOT NULL))
);
CREATE INDEX invoice_payments_invoice_idx ON invoice_payments (provider_id, invoice_id, received_at);
