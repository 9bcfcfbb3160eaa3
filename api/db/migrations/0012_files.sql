-- Files with client approval (issue 20). A file belongs to a project; its bytes are versions; every upload,
-- new version and decision is an event of its history (the audit trail), and feedback can be pinned to a
-- point of a version's image or PDF page. Conventions of 0001–0011 hold; in addition:
--   * a row the client may see is found through its project (provider_id, client_id of `projects`), as
--     messages are, so a project that changes hands takes its files along;
--   * bytes live in the storage (api/storage) under `providers/<provider_id>/files/<file_id>/`; rows point
--     at keys, and a deleted file's prefix is removed after its rows (a job, so storage failures retry).
--
-- Statuses (spec §4) and who moves them (shared/contracts/files.ts `decisionsFor`):
--   a file the provider uploaded is a deliverable for the client: pending_review → client_approved |
--   client_rejected | revision_requested (the client's decision);
--   a file the client uploaded is material for the provider: pending_review → approved | rejected (the
--   provider's decision);
--   a new version (by the side that uploaded the file) resets the file to pending_review: a decision is
--   about one version and never carried over.

CREATE TABLE files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  project_id uuid NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  status text NOT NULL DEFAULT 'pending_review'
    CHECK (status IN ('pending_review', 'approved', 'rejected', 'client_approved', 'client_rejected',
                      'revision_requested')),
  uploaded_by text NOT NULL CHECK (uploaded_by IN ('provider', 'client')),
  -- The client who uploaded it (NULL for the provider); kept when the project changes hands.
  uploader_client_id uuid,
  latest_version integer NOT NULL DEFAULT 1 CHECK (latest_version >= 1),
  search_text text GENERATED ALWAYS AS (lower(name)) STORED,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT files_provider_id_id_key UNIQUE (provider_id, id),
  CONSTRAINT files_project_fkey FOREIGN KEY (provider_id, project_id)
    REFERENCES projects (provider_id, id) ON DELETE CASCADE,
  CONSTRAINT files_uploader_client CHECK ((uploaded_by = 'client') = (uploader_client_id IS NOT NULL))
);
CREATE INDEX files_provider_updated_idx ON files (provider_id, updated_at DESC);
CREATE INDEX files_provider_project_updated_idx ON files (provider_id, project_id, updated_at DESC);
CREATE INDEX files_provider_status_idx ON files (provider_id, status);
CREATE INDEX files_search_trgm_idx ON files USING gin (search_text public.gin_trgm_ops);

-- The bytes of a file, one row per upload. `sha256` is of the stored bytes (hex), so an approval record
-- names exactly what was approved. Previews (thumbnail, page images) are made by a job after the upload.
CREATE TABLE file_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  file_id uuid NOT NULL,
  number integer NOT NULL CHECK (number >= 1),
  storage_key text NOT NULL,
  original_name text NOT NULL CHECK (length(original_name) BETWEEN 1 AND 200),
  size_bytes bigint NOT NULL CHECK (size_bytes BETWEEN 1 AND 10485760),
  sha256 char(64) NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  mime_type text NOT NULL CHECK (length(mime_type) <= 200),
  kind text NOT NULL CHECK (kind IN ('image', 'pdf', 'document')),
  uploaded_by_type text NOT NULL CHECK (uploaded_by_type IN ('provider', 'client')),
  uploaded_by_name text NOT NULL CHECK (length(uploaded_by_name) BETWEEN 1 AND 200),
  uploaded_by_client_id uuid,
  preview_status text NOT NULL DEFAULT 'pending'
    CHECK (preview_status IN ('pending', 'ready', 'unavailable', 'failed')),
  page_count integer CHECK (page_count >= 1),
  width integer CHECK (width >= 1),
  height integer CHECK (height >= 1),
  thumbnail_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT file_versions_provider_id_id_key UNIQUE (provider_id, id),
  CONSTRAINT file_versions_number_key UNIQUE (file_id, number),
  CONSTRAINT file_versions_file_fkey FOREIGN KEY (provider_id, file_id)
    REFERENCES files (provider_id, id) ON DELETE CASCADE
);

-- The audit trail: who did what to which version, when, with which feedback. Never updated; `seq` orders it.
CREATE TABLE file_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigint GENERATED ALWAYS AS IDENTITY,
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  file_id uuid NOT NULL,
  version_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('uploaded', 'version', 'decision')),
  status_before text,
  status_after text NOT NULL,
  actor_type text NOT NULL CHECK (actor_type IN ('provider', 'client')),
  actor_name text NOT NULL CHECK (length(actor_name) BETWEEN 1 AND 200),
  actor_client_id uuid,
  feedback text CHECK (length(feedback) BETWEEN 1 AND 5000),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT file_events_seq_key UNIQUE (seq),
  CONSTRAINT file_events_provider_id_id_key UNIQUE (provider_id, id),
  CONSTRAINT file_events_file_fkey FOREIGN KEY (provider_id, file_id)
    REFERENCES files (provider_id, id) ON DELETE CASCADE,
  CONSTRAINT file_events_version_fkey FOREIGN KEY (provider_id, version_id)
    REFERENCES file_versions (provider_id, id) ON DELETE CASCADE
);
CREATE INDEX file_events_file_seq_idx ON file_events (provider_id, file_id, seq);

-- Feedback pinned to a point of a version: `page` (1 for an image), `x`/`y` as fractions of the page's
-- width and height from its top left. A pin sent with a decision points at that decision's event.
CREATE TABLE file_pins (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  file_id uuid NOT NULL,
  version_id uuid NOT NULL,
  event_id uuid,
  page integer NOT NULL CHECK (page BETWEEN 1 AND 10000),
  x double precision NOT NULL CHECK (x >= 0 AND x <= 1),
  y double precision NOT NULL CHECK (y >= 0 AND y <= 1),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 1000),
  author_type text NOT NULL CHECK (author_type IN ('provider', 'client')),
  author_name text NOT NULL CHECK (length(author_name) BETWEEN 1 AND 200),
  author_client_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT file_pins_file_fkey FOREIGN KEY (provider_id, file_id)
    REFERENCES files (provider_id, id) ON DELETE CASCADE,
  CONSTRAINT file_pins_version_fkey FOREIGN KEY (provider_id, version_id)
    REFERENCES file_versions (provider_id, id) ON DELETE CASCADE,
  CONSTRAINT file_pins_event_fkey FOREIGN KEY (provider_id, event_id)
    REFERENCES file_events (provider_id, id) ON DELETE CASCADE
);
CREATE INDEX file_pins_version_idx ON file_pins (provider_id, version_id, created_at);
