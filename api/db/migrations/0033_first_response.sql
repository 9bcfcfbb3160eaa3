-- The provider's first response to a client (issue 29's work view, budget p95 < 150 ms for a provider with
-- 200,000 messages). The view read it with a window over every conversation with a client message in the
-- period (≈ 105,000 messages, ≈ 250 ms); here what it needs is kept on the messages themselves, set by the
-- database before a message is inserted (from the message before it in its conversation, by `seq`), so the
-- view reads two partial indexes by day and no message is ever updated for it:
--   * `opens_wait`: a client message that starts a run (the message before it is the provider's, or none);
--   * `wait_started_at`: on the provider's first message after a run (the message before it is the
--     client's), when that run's first message was written: the reply's `created_at` minus it is the
--     response time, and it dates the wait for the period.
-- A message that `ON CONFLICT DO NOTHING` skips (a retried send) changes nothing. Two messages of one
-- conversation written at the same instant in two transactions do not see each other (the conversation shows
-- the order of `seq` either way). Rewriting `created_at` afterwards (the demo seed) must rewrite
-- `wait_started_at` with it.
ALTER TABLE messages ADD COLUMN opens_wait boolean NOT NULL DEFAULT false, ADD COLUMN wait_started_at timestamptz;

CREATE FUNCTION messages_first_response() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  previous text := (
    SELECT m.sender_type FROM messages m
    WHERE m.provider_id = NEW.provider_id AND m.project_id = NEW.project_id AND m.seq < NEW.seq
    ORDER BY m.seq DESC LIMIT 1);
BEGIN
  IF NEW.sender_type = 'client' THEN
    NEW.opens_wait := previous IS DISTINCT FROM 'client';
  ELSIF previous = 'client' THEN
    NEW.wait_started_at := (
      SELECT m.created_at FROM messages m
      WHERE m.provider_id = NEW.provider_id AND m.project_id = NEW.project_id AND m.seq < NEW.seq AND m.opens_wait
      ORDER BY m.seq DESC LIMIT 1);
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER messages_first_response BEFORE INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION messages_first_response();

-- The messages written so far: the waits, then the replies that ended them.
UPDATE messages SET opens_wait = true
FROM (SELECT id, sender_type, lag(sender_type) OVER (PARTITION BY project_id ORDER BY seq) AS previous FROM messages) m
WHERE messages.id = m.id AND m.sender_type = 'client' AND m.previous IS DISTINCT FROM 'client';
UPDATE messages r SET wait_started_at = (
  SELECT w.created_at FROM messages w
  WHERE w.project_id = r.project_id AND w.seq < r.seq AND w.opens_wait ORDER BY w.seq DESC LIMIT 1)
FROM (SELECT id, sender_type, lag(sender_type) OVER (PARTITION BY project_id ORDER BY seq) AS previous FROM messages) m
WHERE r.id = m.id AND m.sender_type = 'provider' AND m.previous = 'client';

-- The view: a provider's waits by the day they began, and the replies by the day of the wait they ended.
CREATE INDEX messages_waits_idx ON messages (provider_id, created_at) WHERE opens_wait;
CREATE INDEX messages_replies_idx ON messages (provider_id, wait_started_at) INCLUDE (created_at)
  WHERE wait_started_at IS NOT NULL;
