-- Issue 30 under row-level security (0038): a portal client's transaction sees only its own bookings and
-- the events of its own client, but the slots it is offered must keep clear of ALL the provider's
-- bookings and events. These functions answer exactly that, as the owner (SECURITY DEFINER): times only,
-- never a title, a client or a note, and only of the provider of the caller's scope (any provider for the
-- owner's own unscoped work: the job worker, the bench's bare server).

-- Other confirmed bookings' blocked ranges (the meeting and its type's buffers) overlapping [p_from, p_to),
-- as epoch milliseconds; `p_except` (the booking being moved) left out.
CREATE OR REPLACE FUNCTION app_busy_bookings(p_provider uuid, p_from timestamptz, p_to timestamptz, p_except uuid)
  RETURNS TABLE (s float8, e float8)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT (extract(epoch FROM b.blocked_from) * 1000)::float8, (extract(epoch FROM b.blocked_until) * 1000)::float8
    FROM bookings b
    WHERE b.provider_id = p_provider AND p_provider = coalesce(app_provider_id(), p_provider)
      AND b.status = 'confirmed' AND b.blocked_from < p_to AND b.blocked_until > p_from
      AND (p_except IS NULL OR b.id <> p_except) $$;

-- Confirmed bookings of one type per date in `p_zone` (the daily cap), starting in [p_from, p_to).
CREATE OR REPLACE FUNCTION app_booking_day_counts(p_provider uuid, p_type uuid, p_zone text, p_from timestamptz,
                                                  p_to timestamptz, p_except uuid)
  RETURNS TABLE (day text, n integer)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT to_char((b.starts_at AT TIME ZONE p_zone)::date, 'YYYY-MM-DD'), count(*)::int
    FROM bookings b
    WHERE b.provider_id = p_provider AND p_provider = coalesce(app_provider_id(), p_provider)
      AND b.booking_type_id = p_type AND b.status = 'confirmed'
      AND b.starts_at >= p_from AND b.starts_at < p_to
      AND (p_except IS NULL OR b.id <> p_except)
    GROUP BY 1 $$;

-- The timing of the provider's timed events that may have an occurrence in [p_from, p_to) (expanded by the
-- caller with the `rrule` library).
CREATE OR REPLACE FUNCTION app_busy_events(p_provider uuid, p_from timestamptz, p_to timestamptz)
  RETURNS TABLE (starts_at timestamptz, ends_at timestamptz, time_zone text, rrule text, exdates timestamptz[])
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT e.starts_at, e.ends_at, e.time_zone, e.rrule, e.exdates
    FROM calendar_events e
    WHERE e.provider_id = p_provider AND p_provider = coalesce(app_provider_id(), p_provider)
      AND NOT e.all_day AND e.starts_at < p_to AND (e.series_ends_at IS NULL OR e.series_ends_at > p_from) $$;

REVOKE ALL ON FUNCTION app_busy_bookings(uuid, timestamptz, timestamptz, uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION app_booking_day_counts(uuid, uuid, text, timestamptz, timestamptz, uuid) FROM PUBLIC;
REVOKE ALL ON FUNCTION app_busy_events(uuid, timestamptz, timestamptz) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_busy_bookings(uuid, timestamptz, timestamptz, uuid)
  TO client_portal_provider, client_portal_client;
GRANT EXECUTE ON FUNCTION app_booking_day_counts(uuid, uuid, text, timestamptz, timestamptz, uuid)
  TO client_portal_provider, client_portal_client;
GRANT EXECUTE ON FUNCTION app_busy_events(uuid, timestamptz, timestamptz)
  TO client_portal_provider, client_portal_client;
