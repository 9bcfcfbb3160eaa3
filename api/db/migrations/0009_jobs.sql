-- Mail on the job queue. The queue itself (graphile-worker) keeps its tables in its own schema and
-- migrates them at the worker's start; this migration only prepares the outbox for delivery by jobs.
-- Conventions of 0001 hold.

-- An outbox row is the mail and its delivery record: `send_mail` jobs deliver it by id, count every
-- attempt, keep the last error, and stamp sent_at. `pending` now means "waiting for its (next) attempt",
-- `failed` "given up after the last attempt".
ALTER TABLE outbox_emails RENAME COLUMN error TO last_error;
ALTER TABLE outbox_emails
  ADD COLUMN attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  ADD COLUMN sent_at timestamptz,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- Mails already delivered before this migration count one attempt.
UPDATE outbox_emails SET attempts = 1, sent_at = created_at WHERE status IN ('sent', 'outbox');
UPDATE outbox_emails SET attempts = 1 WHERE status = 'failed';

-- The retention purge deletes delivered mails by age.
CREATE INDEX outbox_emails_sent_idx ON outbox_emails (sent_at) WHERE sent_at IS NOT NULL;
