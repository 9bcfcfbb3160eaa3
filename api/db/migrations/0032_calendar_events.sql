-- Issue 30, the calendar: the provider's own events and the private iCalendar feed. Conventions of 0001–0031
-- hold. In addition:
--   * an event is [starts_at, ends_at) with the IANA `time_zone` it was entered in (a recurring event repeats
--     in that zone's wall-clock time, across DST changes); an all-day event starts and ends at midnight of
--     that zone (`ends_at` the midnight after its last day);
--   * `rrule` is an RFC 5545 RRULE value without DTSTART (`FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10`), expanded by
--     the `rrule` library from `starts_at` in `time_zone`; `exdates` are the starts of the occurrences taken
--     out; `series_ends_at` the end of the last occurrence (NULL: the series has no end; reads expand it
--     only within the window they ask for);
--   * `uid` is the event's stable iCalendar UID; `sequence` grows with every change (RFC 5545 §3.8.7.4);
--   * the feed's secret is stored only as its SHA-256 (like every other link token): one feed per provider,
--     regenerating replaces the row, revoking deletes it.

CREATE TABLE calendar_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  all_day boolean NOT NULL DEFAULT false,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  time_zone text NOT NULL CHECK (length(time_zone) BETWEEN 1 AND 64),
  client_id uuid,
  project_id uuid,
  location text CHECK (length(location) <= 500),
  video_url text CHECK (length(video_url) <= 2000),
  notes text CHECK (length(notes) <= 5000),
  rrule text CHECK (length(rrule) <= 500),
  exdates timestamptz[] NOT NULL DEFAULT '{}',
  series_ends_at timestamptz,
  uid text NOT NULL UNIQUE,
  sequence integer NOT NULL DEFAULT 0 CHECK (sequence >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT calendar_events_provider_id_id_key UNIQUE (provider_id, id),
  CONSTRAINT calendar_events_client_fkey FOREIGN KEY (provider_id, client_id)
    REFERENCES clients (provider_id, id) ON DELETE SET NULL (client_id),
  CONSTRAINT calendar_events_project_fkey FOREIGN KEY (provider_id, project_id)
    REFERENCES projects (provider_id, id) ON DELETE SET NULL (project_id),
  CONSTRAINT calendar_events_end_after_start CHECK (ends_at > starts_at),
  CONSTRAINT calendar_events_series_end CHECK (series_ends_at IS NULL OR series_ends_at >= ends_at),
  CONSTRAINT calendar_events_single_no_series CHECK (rrule IS NOT NULL OR series_ends_at = ends_at)
);
-- A window [from, to) reads the events that start before `to` and whose (last occurrence) ends after `from`.
CREATE INDEX calendar_events_provider_starts_idx ON calendar_events (provider_id, starts_at);
CREATE INDEX calendar_events_provider_series_idx ON calendar_events (provider_id, series_ends_at);

CREATE TABLE calendar_feeds (
  provider_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_read_at timestamptz
);
