-- The provider's first response to a client (issue 29's work view, budget p95 < 150 ms for a provider with
-- 200,000 messages). The view read it with a window over every conversation with a client message in the
-- period (≈ 105,000 messages, ≈ 250 ms); here the answer is kept on the message that waits for it, written by
-- the database in the statement that inserts a message, so the view reads one partial index by day:
--   * `opens_wait`: a client message that starts a run, i.e. the message before it in its conversation (by
--     `seq`) is the provider's or there is none; set before the insert;
--   * `answered_at`: on such a message, when the provider's next message in the conversation was written;
--     NULL while it waits. Set after a provider message is inserted (an AFTER trigger: a retried send that
--     `ON CONFLICT DO NOTHING` skips answers nothing);
--   * both follow `seq`, the conversation's order; two messages of one conversation written at the same
--     instant in two transactions may see each other's seq only after commit (the conversation shows the
--     same order either way); rewriting `created_at` afterwards does not move `answered_at`.
ALTER TABLE messages ADD COLUMN opens_wait boolean NOT NULL DEFAULT false, ADD COLUMN answered_at timestamptz;

CREATE FUNCTION messages_opens_wait() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.opens_wait := coalesce((
    SELECT m.sender_type FROM messages m
    WHERE m.provider_id = NEW.provider_id AND m.project_id = NEW.project_id AND m.seq < NEW.seq
    ORDER BY m.seq DESC LIMIT 1), 'provider') <> 'client';
  RETURN NEW;
END $$;

CREATE FUNCTION messages_answer_wait() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE messages m SET answered_at = NEW.created_at
  WHERE m.project_id = NEW.project_id AND m.opens_wait AND m.answered_at IS NULL AND m.seq < NEW.seq
    AND m.provider_id = NEW.provider_id;
  RETURN NULL;
END $$;

CREATE TRIGGER messages_opens_wait BEFORE INSERT ON messages
  FOR EACH ROW WHEN (NEW.sender_type = 'client') EXECUTE FUNCTION messages_opens_wait();
CREATE TRIGGER messages_answer_wait AFTER INSERT ON messages
  FOR EACH ROW WHEN (NEW.sender_type = 'provider') EXECUTE FUNCTION messages_answer_wait();

-- The messages written so far: the same figures the view computed (the first of a run of client messages,
-- answered by the earliest provider message after it).
WITH m AS (
  SELECT id, sender_type, lag(sender_type) OVER w AS previous,
         min(CASE WHEN sender_type = 'provider' THEN created_at END)
           OVER (w ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING) AS reply_at
  FROM messages
  WINDOW w AS (PARTITION BY project_id ORDER BY seq)
)
UPDATE messages SET opens_wait = true, answered_at = m.reply_at
FROM m WHERE messages.id = m.id AND m.sender_type = 'client' AND m.previous IS DISTINCT FROM 'client';

-- The view: a provider's waits by day, with their answer (an index-only range scan).
CREATE INDEX messages_waits_idx ON messages (provider_id, created_at) INCLUDE (answered_at) WHERE opens_wait;
-- The trigger: a conversation's waits still unanswered (few; usually none or one).
CREATE INDEX messages_unanswered_idx ON messages (project_id, seq) WHERE opens_wait AND answered_at IS NULL;
