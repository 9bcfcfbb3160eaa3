-- Issue 30, booking: the provider's booking types, their availability, who may book them, and the bookings.
-- Conventions of 0001–0030 hold (every row carries provider_id; children name their parent with it). In addition:
--   * weekly availability is wall-clock time in the booking type's `time_zone` (an IANA name, the provider's
--     profile zone when the type was made): `weekly_hours` is `{"mon": [["09:00","12:00"], …], …, "sun": []}`
--     (keys mon…sun, each a list of [start, end) "HH:MM" pairs, end "24:00" allowed, sorted, not overlapping;
--     checked by the API's zod contract);
--   * a date override replaces the weekly hours of one calendar day (in the type's zone) with its own list;
--     an empty list is a day off (a holiday). `booking_type_id` NULL: the override holds for every type;
--   * a booking occupies [starts_at, ends_at) and, with the type's buffers, [blocked_from, blocked_until):
--     the exclusion constraint below makes two confirmed bookings of one provider never overlap in their
--     meeting time, whatever the application does; buffers, caps and notice are checked by the slot
--     calculator in the same transaction (under the provider's advisory lock);
--   * `uid` is the booking's stable iCalendar UID; `sequence` grows with every change the invitee must see
--     (reschedule, cancel), as RFC 5545 wants.

CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE booking_types (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  description text CHECK (length(description) <= 2000),
  duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 5 AND 480),
  location_kind text NOT NULL CHECK (location_kind IN ('video', 'phone', 'in_person')),
  -- The video link, the phone number or the address, shown to the client once booked.
  location text CHECK (length(location) <= 500),
  time_zone text NOT NULL CHECK (length(time_zone) BETWEEN 1 AND 64),
  weekly_hours jsonb NOT NULL,
  buffer_before_minutes integer NOT NULL DEFAULT 0 CHECK (buffer_before_minutes BETWEEN 0 AND 240),
  buffer_after_minutes integer NOT NULL DEFAULT 0 CHECK (buffer_after_minutes BETWEEN 0 AND 240),
  -- How long before a slot it can still be booked.
  min_notice_minutes integer NOT NULL DEFAULT 240 CHECK (min_notice_minutes BETWEEN 0 AND 43200),
  -- How many days ahead it can be booked.
  horizon_days integer NOT NULL DEFAULT 60 CHECK (horizon_days BETWEEN 1 AND 365),
  -- At most this many bookings of this type per day (in the type's zone); NULL: no cap.
  daily_cap integer CHECK (daily_cap BETWEEN 1 AND 100),
  slot_interval_minutes integer NOT NULL DEFAULT 30 CHECK (slot_interval_minutes BETWEEN 5 AND 240),
  -- Until how long before the start the client may reschedule or cancel.
  change_notice_minutes integer NOT NULL DEFAULT 1440 CHECK (change_notice_minutes BETWEEN 0 AND 43200),
  -- 'all' the provider's clients, or only those in booking_type_clients.
  client_scope text NOT NULL DEFAULT 'all' CHECK (client_scope IN ('all', 'chosen')),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT booking_types_provider_id_id_key UNIQUE (provider_id, id),
  CONSTRAINT booking_types_weekly_hours_object CHECK (jsonb_typeof(weekly_hours) = 'object')
);
CREATE INDEX booking_types_provider_created_idx ON booking_types (provider_id, created_at DESC, id DESC);

-- The clients who may book a type whose client_scope is 'chosen'.
CREATE TABLE booking_type_clients (
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  booking_type_id uuid NOT NULL,
  client_id uuid NOT NULL,
  PRIMARY KEY (booking_type_id, client_id),
  CONSTRAINT booking_type_clients_type_fkey FOREIGN KEY (provider_id, booking_type_id)
    REFERENCES booking_types (provider_id, id) ON DELETE CASCADE,
  CONSTRAINT booking_type_clients_client_fkey FOREIGN KEY (provider_id, client_id)
    REFERENCES clients (provider_id, id) ON DELETE CASCADE
);
CREATE INDEX booking_type_clients_client_idx ON booking_type_clients (provider_id, client_id);

-- One day's hours instead of the weekly ones ('[]': not available that day, e.g. a holiday).
CREATE TABLE booking_date_overrides (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  booking_type_id uuid,
  day date NOT NULL,
  hours jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(hours) = 'array'),
  label text CHECK (length(label) <= 120),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT booking_date_overrides_type_fkey FOREIGN KEY (provider_id, booking_type_id)
    REFERENCES booking_types (provider_id, id) ON DELETE CASCADE
);
-- One override per day for all types, and one per day and type.
CREATE UNIQUE INDEX booking_date_overrides_all_day_key ON booking_date_overrides (provider_id, day)
  WHERE booking_type_id IS NULL;
CREATE UNIQUE INDEX booking_date_overrides_type_day_key ON booking_date_overrides (booking_type_id, day)
  WHERE booking_type_id IS NOT NULL;

CREATE TABLE bookings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  booking_type_id uuid NOT NULL,
  client_id uuid NOT NULL,
  project_id uuid,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  -- The meeting with the type's buffers around it (what other bookings and slots must keep clear of).
  blocked_from timestamptz NOT NULL,
  blocked_until timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'cancelled')),
  -- The zone the client saw the slots in (their e-mails and invitation show times in it).
  client_time_zone text NOT NULL CHECK (length(client_time_zone) BETWEEN 1 AND 64),
  -- Copied from the type when booked, so a later edit of the type does not change a booked meeting.
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  location_kind text NOT NULL CHECK (location_kind IN ('video', 'phone', 'in_person')),
  location text CHECK (length(location) <= 500),
  note text CHECK (length(note) <= 2000),
  uid text NOT NULL UNIQUE,
  sequence integer NOT NULL DEFAULT 0 CHECK (sequence >= 0),
  cancelled_at timestamptz,
  cancelled_by text CHECK (cancelled_by IN ('client', 'provider')),
  reminder_sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT bookings_provider_id_id_key UNIQUE (provider_id, id),
  CONSTRAINT bookings_type_fkey FOREIGN KEY (provider_id, booking_type_id)
    REFERENCES booking_types (provider_id, id) ON DELETE CASCADE,
  CONSTRAINT bookings_client_fkey FOREIGN KEY (provider_id, client_id)
    REFERENCES clients (provider_id, id) ON DELETE CASCADE,
  CONSTRAINT bookings_project_fkey FOREIGN KEY (provider_id, project_id)
    REFERENCES projects (provider_id, id) ON DELETE SET NULL (project_id),
  CONSTRAINT bookings_end_after_start CHECK (ends_at > starts_at),
  CONSTRAINT bookings_blocked_covers CHECK (blocked_from <= starts_at AND blocked_until >= ends_at),
  CONSTRAINT bookings_cancelled CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL)),
  -- Exactly one of two clients taking the same time gets it, on any number of instances.
  CONSTRAINT bookings_no_overlap EXCLUDE USING gist
    (provider_id WITH =, tstzrange(starts_at, ends_at) WITH &&) WHERE (status = 'confirmed')
);
CREATE INDEX bookings_provider_blocked_idx ON bookings (provider_id, blocked_from, blocked_until)
  WHERE status = 'confirmed';
CREATE INDEX bookings_provider_starts_idx ON bookings (provider_id, starts_at DESC, id DESC);
CREATE INDEX bookings_client_starts_idx ON bookings (provider_id, client_id, starts_at DESC);
CREATE INDEX bookings_reminder_due_idx ON bookings (starts_at) WHERE status = 'confirmed' AND reminder_sent_at IS NULL;
