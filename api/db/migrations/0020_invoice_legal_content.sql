-- What a German invoice must say (§ 14 (4) UStG) and EN 16931 needs to name it (issue 28, "Legal content").
-- Conventions of 0001–0016 hold; in addition:
--   * the provider's business details are structured (legal name, street, postcode, city, ISO country, tax
--     number and VAT id apart) with a tax mode; the old free-text address and tax id are split where their
--     shape allows it, and whatever cannot be split is kept word for word in `business_note` (printed on the
--     PDF under the provider's details until the provider tidies it up): nothing is lost;
--   * a client has a structured billing address, a VAT id and an optional buyer reference (Leitweg-ID);
--   * every line has a unit (shared/contracts/legal.ts `UNIT_CODES`, UN/ECE Rec 20) and may have a VAT
--     category (`VAT_CATEGORY_CODES`, EN 16931) with an exemption reason;
--   * an invoice has a date of supply or a period of service, its own tax mode when the provider's is
--     `per_invoice`, and from sending on the seller's and buyer's details as they were (`parties`), so an
--     invoice keeps the addresses it was sent with;
--   * the day an invoice was paid is a calendar day (`paid_on`), never derived from an instant in the
--     reader's time zone.

ALTER TABLE invoice_settings
  ADD COLUMN legal_name text CHECK (length(legal_name) <= 200),
  ADD COLUMN street text CHECK (length(street) <= 200),
  ADD COLUMN postcode text CHECK (length(postcode) <= 20),
  ADD COLUMN city text CHECK (length(city) <= 100),
  ADD COLUMN country text CHECK (country ~ '^[A-Z]{2}$'),
  ADD COLUMN tax_number text CHECK (length(tax_number) <= 30),
  ADD COLUMN vat_id text CHECK (vat_id ~ '^[A-Z]{2}[A-Z0-9+*]{2,28}$'),
  ADD COLUMN tax_mode text NOT NULL DEFAULT 'standard'
    CHECK (tax_mode IN ('standard', 'small_business', 'per_invoice')),
  ADD COLUMN business_note text CHECK (length(business_note) <= 1000);

-- The address: "street⏎postcode city" (a German, Austrian or Swiss postcode of 4 or 5 digits) splits; the
-- country is not guessed (the pre-send check asks for it). Anything else is kept as the note.
WITH parsed AS (
  SELECT provider_id,
         regexp_match(business_address, '^\s*([^\n]+?)\s*\n\s*(\d{4,5})\s+([^\n]+?)\s*$') AS m
  FROM invoice_settings WHERE business_address IS NOT NULL
)
UPDATE invoice_settings s SET street = p.m[1], postcode = p.m[2], city = p.m[3]
FROM parsed p WHERE p.provider_id = s.provider_id AND p.m IS NOT NULL;
UPDATE invoice_settings SET business_note = business_address
WHERE business_address IS NOT NULL AND street IS NULL AND btrim(business_address) <> '';

-- The tax id: a VAT id (two letters and 8 to 12 more, after spaces, dots and dashes are taken out) or a tax
-- number (digits with slashes or spaces); anything else is appended to the note.
UPDATE invoice_settings SET vat_id = upper(regexp_replace(tax_id, '[\s.\-]', '', 'g'))
WHERE upper(regexp_replace(tax_id, '[\s.\-]', '', 'g')) ~ '^(DE\d{9}|ATU\d{8}|[A-Z]{2}[A-Z0-9]{8,12})$';
UPDATE invoice_settings SET tax_number = btrim(tax_id)
WHERE vat_id IS NULL AND btrim(tax_id) ~ '^\d[\d /]{7,16}\d$';
UPDATE invoice_settings
SET business_note = left(concat_ws(E'\n', business_note, btrim(tax_id)), 1000)
WHERE tax_id IS NOT NULL AND btrim(tax_id) <> '' AND vat_id IS NULL AND tax_number IS NULL;

ALTER TABLE invoice_settings DROP COLUMN business_address, DROP COLUMN tax_id;

ALTER TABLE clients
  ADD COLUMN billing_street text CHECK (length(billing_street) <= 200),
  ADD COLUMN billing_postcode text CHECK (length(billing_postcode) <= 20),
  ADD COLUMN billing_city text CHECK (length(billing_city) <= 100),
  ADD COLUMN billing_country text CHECK (billing_country ~ '^[A-Z]{2}$'),
  ADD COLUMN vat_id text CHECK (vat_id ~ '^[A-Z]{2}[A-Z0-9+*]{2,28}$'),
  ADD COLUMN buyer_reference text CHECK (length(buyer_reference) <= 200);

-- Lines written before: a unit of "one" (C62), the generic unit EN 16931 uses when nothing else is said.
ALTER TABLE invoice_lines
  ADD COLUMN unit text NOT NULL DEFAULT 'unit'
    CHECK (unit IN ('hour', 'day', 'week', 'month', 'piece', 'unit', 'flat_rate', 'km')),
  ADD COLUMN vat_category text CHECK (vat_category IN ('standard', 'reduced', 'zero', 'exempt', 'reverse_charge', 'outside_scope')),
  ADD COLUMN exemption_reason text CHECK (length(exemption_reason) <= 500);

ALTER TABLE invoices
  ADD COLUMN supply_date date,
  ADD COLUMN supply_from date,
  ADD COLUMN supply_to date,
  ADD COLUMN tax_mode text CHECK (tax_mode IN ('standard', 'small_business')),
  ADD COLUMN paid_on date,
  -- From sending on: { taxMode, seller: {...}, buyer: {...} } as they were when it was sent.
  ADD COLUMN parties jsonb,
  ADD CONSTRAINT invoices_supply_day_or_period CHECK (supply_date IS NULL OR (supply_from IS NULL AND supply_to IS NULL)),
  ADD CONSTRAINT invoices_supply_period_order CHECK (supply_from IS NULL OR supply_to IS NULL OR supply_from <= supply_to);

-- Paid before: the UTC day of the stored instant (a provider's chosen day was stored at noon UTC).
UPDATE invoices SET paid_on = (paid_at AT TIME ZONE 'UTC')::date WHERE paid_at IS NOT NULL;

-- A writer that gives only the instant (a Stripe payment, older code paths) gets its UTC day; a writer that
-- gives the day (the provider marking it paid) keeps it. Leaving paid clears both.
CREATE FUNCTION invoices_paid_on() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.paid_at IS NULL THEN
    NEW.paid_on := NULL;
  ELSIF NEW.paid_on IS NULL OR (TG_OP = 'UPDATE' AND NEW.paid_at IS DISTINCT FROM OLD.paid_at
                                 AND NEW.paid_on IS NOT DISTINCT FROM OLD.paid_on) THEN
    NEW.paid_on := (NEW.paid_at AT TIME ZONE 'UTC')::date;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER invoices_paid_on BEFORE INSERT OR UPDATE OF paid_at, paid_on ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_paid_on();
