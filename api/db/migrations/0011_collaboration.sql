-- Collaboration (issue 19): what a provider keeps to themselves on a project, one conversation per
-- project, read positions, and the activity feed behind notifications and realtime. Conventions of
-- 0001–0010 hold; in addition:
--   * `seq` columns are global identities: they order a conversation or a feed and are the positions a
--     reconnecting socket catches up from ("everything after the last seen seq");
--   * a row the client may see is found by (provider_id, client_id) on an index that starts with both.

ALTER TABLE projects
  ADD COLUMN internal_notes text CHECK (length(internal_notes) <= 5000),
  ADD COLUMN budget_visible_to_client boolean NOT NULL DEFAULT false,
  ADD COLUMN search_text text GENERATED ALWAYS AS (lower(name)) STORED;
CREATE INDEX projects_search_trgm_idx ON projects USING gin (search_text public.gin_trgm_ops);
CREATE INDEX projects_provider_updated_idx ON projects (provider_id, updated_at DESC);
CREATE INDEX projects_provider_client_updated_idx ON projects (provider_id, client_id, updated_at DESC);

-- One conversation per project. `client_message_id` is made by the sender's browser: a retried send
-- finds the stored message instead of writing a second one.
CREATE TABLE messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigint GENERATED ALWAYS AS IDENTITY,
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  project_id uuid NOT NULL,
  sender_type text NOT NULL CHECK (sender_type IN ('provider', 'client')),
  -- The client who wrote it (NULL for the provider); kept when the project changes hands.
  sender_client_id uuid,
  sender_name text NOT NULL CHECK (length(sender_name) BETWEEN 1 AND 200),
  client_message_id uuid NOT NULL,
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 5000),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT messages_seq_key UNIQUE (seq),
  CONSTRAINT messages_idempotency_key UNIQUE (project_id, sender_type, client_message_id),
  CONSTRAINT messages_project_fkey FOREIGN KEY (provider_id, project_id)
    REFERENCES projects (provider_id, id) ON DELETE CASCADE
);
CREATE INDEX messages_project_seq_idx ON messages (provider_id, project_id, seq DESC);

-- How far each side has read a conversation, and up to where unread messages were e-mailed.
CREATE TABLE conversation_reads (
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  project_id uuid NOT NULL,
  reader text NOT NULL CHECK (reader IN ('provider', 'client')),
  last_read_seq bigint NOT NULL DEFAULT 0,
  last_emailed_seq bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, reader),
  CONSTRAINT conversation_reads_project_fkey FOREIGN KEY (provider_id, project_id)
    REFERENCES projects (provider_id, id) ON DELETE CASCADE
);

-- The activity feed (spec §3). Titles are rendered per reader language from `activity_type` and
-- `metadata`; `client_id` is the project's client (whose notifications these are; moved with the
-- project), `client_visible` false for what only the provider may see (internal changes).
CREATE TABLE activity_feed (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigint GENERATED ALWAYS AS IDENTITY,
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  project_id uuid NOT NULL,
  client_id uuid NOT NULL,
  activity_type text NOT NULL CHECK (activity_type ~ '^[a-z_]{1,40}$'),
  metadata jsonb NOT NULL DEFAULT '{}',
  client_visible boolean NOT NULL DEFAULT true,
  read_by_client boolean NOT NULL DEFAULT false,
  read_by_freelancer boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT activity_feed_seq_key UNIQUE (seq),
  CONSTRAINT activity_feed_project_fkey FOREIGN KEY (provider_id, project_id)
    REFERENCES projects (provider_id, id) ON DELETE CASCADE,
  CONSTRAINT activity_feed_client_fkey FOREIGN KEY (provider_id, client_id)
    REFERENCES clients (provider_id, id) ON DELETE CASCADE
);
-- The provider's sheet (newest 50) and unread count; the client's, on their own rows; a project's feed.
CREATE INDEX activity_feed_provider_seq_idx ON activity_feed (provider_id, seq DESC);
CREATE INDEX activity_feed_provider_unread_idx ON activity_feed (provider_id) WHERE NOT read_by_freelancer;
CREATE INDEX activity_feed_client_seq_idx ON activity_feed (provider_id, client_id, seq DESC)
  WHERE client_visible;
CREATE INDEX activity_feed_client_unread_idx ON activity_feed (provider_id, client_id)
  WHERE client_visible AND NOT read_by_client;
CREATE INDEX activity_feed_project_seq_idx ON activity_feed (provider_id, project_id, seq DESC);
