-- Partial payments (issue 28).
--   * `invoice_payments` holds every payment of an invoice: the card payments through Stripe (issue 21) and,
--     now, the ones the provider records by hand (`source = 'manual'`: amount, the day it arrived, method, note;
--     no Stripe account, object or event). A Stripe payment for part of the invoice is a row `applied` too.
--   * `invoices.paid_cents` is what has been applied to the invoice so far, kept in the transaction that writes
--     the payment, under the invoice's row lock; the balance due of an open invoice is
--     `amount_cents - paid_cents`. A paid invoice has `paid_cents = amount_cents` (markInvoicePaid sets it).
--     Never more than the total (a CHECK), so concurrent payments cannot overpay.
--   * `paid_on`: the calendar day a payment arrived, never an instant read in some time zone.

ALTER TABLE invoices ADD COLUMN paid_cents bigint NOT NULL DEFAULT 0;
UPDATE invoices SET paid_cents = amount_cents WHERE status = 'paid';
ALTER TABLE invoices ADD CONSTRAINT invoices_paid_cents CHECK (paid_cents >= 0 AND paid_cents <= amount_cents);

ALTER TABLE invoice_payments DROP CONSTRAINT invoice_payments_source_check;
ALTER TABLE invoice_payments ADD CONSTRAINT invoice_payments_source_check
  CHECK (source IN ('manual', 'stripe_checkout', 'stripe_invoice'));
ALTER TABLE invoice_payments
  ALTER COLUMN account_id DROP NOT NULL,
  ALTER COLUMN stripe_object_id DROP NOT NULL,
  ALTER COLUMN event_id DROP NOT NULL,
  ADD COLUMN paid_on date,
  ADD COLUMN method text CHECK (length(method) BETWEEN 1 AND 100),
  ADD COLUMN note text CHECK (length(note) BETWEEN 1 AND 1000),
  ADD CONSTRAINT invoice_payments_manual CHECK (
    (source = 'manual') = (account_id IS NULL AND stripe_object_id IS NULL AND event_id IS NULL)),
  ADD CONSTRAINT invoice_payments_manual_amount CHECK (source <> 'manual' OR (amount_cents > 0 AND outcome = 'applied'));

UPDATE invoice_payments SET paid_on = (received_at AT TIME ZONE 'UTC')::date;

-- A Stripe payment's day is the UTC day it arrived unless one is given (a hand-recorded one always names it).
CREATE FUNCTION invoice_payments_paid_on() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.paid_on IS NULL THEN
    NEW.paid_on := (NEW.received_at AT TIME ZONE 'UTC')::date;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER invoice_payments_paid_on BEFORE INSERT ON invoice_payments
  FOR EACH ROW EXECUTE FUNCTION invoice_payments_paid_on();
ALTER TABLE invoice_payments ALTER COLUMN paid_on SET NOT NULL;
