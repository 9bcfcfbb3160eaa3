-- E-invoices (issue 28, "E-invoices"): what an XRechnung / ZUGFeRD (EN 16931) file needs beyond the legal
-- content of 0020, in the provider's invoice settings. Conventions of 0001–0020 hold.
--   * `phone`: the seller contact's telephone (EN 16931 BT-42; XRechnung requires it, BR-DE-6);
--   * `iban`, `bic`: the account for SEPA credit transfer (BT-84, BT-86; payment means 58), stored
--     normalised (no spaces, upper case), the IBAN's check digits verified by the contract;
--   * `attach_e_invoice`: the invoice e-mail carries the invoice's XRechnung XML (off by default);
--   * an outbox e-mail's `attachments`: [{ filename, contentType, content (base64) }], sent with it.
ALTER TABLE invoice_settings
  ADD COLUMN phone text CHECK (length(phone) <= 50),
  ADD COLUMN iban text CHECK (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  ADD COLUMN bic text CHECK (bic ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
  ADD COLUMN attach_e_invoice boolean NOT NULL DEFAULT false;

ALTER TABLE outbox_emails ADD COLUMN attachments jsonb CHECK (jsonb_typeof(attachments) = 'array');
