-- Provider accounts (issue 17): password reset, verification links that outlive their use, and expiries
-- for the periodic purge (api/services/maintenance/purge-expired.ts). Conventions of 0001–0005 hold.

-- "Forgot password?": a mailed single-use link valid for 1 hour. Only sha256(token) is stored; issuing a
-- link deletes the user's older ones, and using one deletes it (with the password change, in one
-- transaction).
CREATE TABLE password_reset_tokens (
  token_hash bytea PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_tokens_user_id_idx ON password_reset_tokens (user_id);
CREATE INDEX password_reset_tokens_expires_at_idx ON password_reset_tokens (expires_at);

-- A verification link is no longer deleted when it is used or replaced, only marked: re-opening a used
-- (or an older) link can then say "already verified" instead of "could not verify". Only a row with both
-- NULL and a future expires_at still verifies. The purge deletes rows 30 days after they expired.
ALTER TABLE email_verification_tokens ADD COLUMN used_at timestamptz;
ALTER TABLE email_verification_tokens ADD COLUMN superseded_at timestamptz;
CREATE INDEX email_verification_tokens_expires_at_idx ON email_verification_tokens (expires_at);

-- Each counter keeps the end of its window, so the purge can drop windows that are over without knowing
-- every rule's window length. Rows from before this migration get a generous day.
ALTER TABLE rate_limits ADD COLUMN expires_at timestamptz;
UPDATE rate_limits SET expires_at = window_start + interval '1 day';
ALTER TABLE rate_limits ALTER COLUMN expires_at SET NOT NULL;
CREATE INDEX rate_limits_expires_at_idx ON rate_limits (expires_at);
