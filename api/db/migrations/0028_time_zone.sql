-- Issue 29. The provider’s time zone: an IANA name (`Europe/Berlin`), NULL until the dashboard first sets it
-- from the browser. Every "as of today" and every month boundary of the analytics is read in it (UTC while NULL).
-- Checked by the API against the runtime's zone list; PostgreSQL's own list is what the queries use.

ALTER TABLE profiles ADD COLUMN time_zone text CHECK (length(time_zone) BETWEEN 1 AND 64);

-- What the analytics (issue 29) read per provider and period, in order.
CREATE INDEX messages_provider_created_idx ON messages (provider_id, created_at);
CREATE INDEX file_events_provider_decisions_idx ON file_events (provider_id, created_at) WHERE kind = 'decision';
CREATE INDEX portal_events_client_logins_idx ON portal_events (provider_id, client_id, created_at)
  WHERE event_type = 'login';
