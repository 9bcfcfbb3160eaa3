-- Payment reminders (issue 28). Conventions of 0001–0022 hold; in addition:
--   * a provider has up to three reminder steps: days after the due date (1–365, ascending: the service
--     checks the order with the same zod contract as the client) and the reminder's text in English and
--     German (plain text with placeholders such as {number}; the mail escapes it); `enabled` turns them on;
--   * `invoice_reminders` is what was sent: one row per (invoice, step), UNIQUE, written in the transaction
--     that queues the mail, so concurrent sweeps on any number of instances send each step once.

CREATE TABLE invoice_reminder_settings (
  provider_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE invoice_reminder_steps (
  provider_id uuid NOT NULL REFERENCES invoice_reminder_settings (provider_id) ON DELETE CASCADE,
  step smallint NOT NULL CHECK (step BETWEEN 1 AND 3),
  days_after_due integer NOT NULL CHECK (days_after_due BETWEEN 1 AND 365),
  text_en text NOT NULL CHECK (length(text_en) BETWEEN 1 AND 2000),
  text_de text NOT NULL CHECK (length(text_de) BETWEEN 1 AND 2000),
  PRIMARY KEY (provider_id, step)
);

CREATE TABLE invoice_reminders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  invoice_id uuid NOT NULL,
  step smallint NOT NULL CHECK (step BETWEEN 1 AND 3),
  days_after_due integer NOT NULL CHECK (days_after_due BETWEEN 1 AND 365),
  language text NOT NULL CHECK (language IN ('en', 'de')),
  sent_to text NOT NULL,
  mail_id uuid REFERENCES outbox_emails (id) ON DELETE SET NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT invoice_reminders_invoice_step_key UNIQUE (invoice_id, step),
  CONSTRAINT invoice_reminders_invoice_fkey FOREIGN KEY (provider_id, invoice_id)
    REFERENCES invoices (provider_id, id) ON DELETE CASCADE
);

CREATE INDEX invoice_reminders_provider_invoice_idx ON invoice_reminders (provider_id, invoice_id);
-- The sweep's candidates: payable invoices with a due date (sent or overdue).
CREATE INDEX invoices_reminder_due_idx ON invoices (due_date) WHERE status IN ('sent', 'overdue');
