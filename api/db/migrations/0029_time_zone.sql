-- The provider's time zone (issue 29): an IANA name (`Europe/Berlin`), NULL until the dashboard first sets it
-- from the browser. Every "as of today" and every month boundary of the analytics is read in it (UTC while NULL).
-- Checked by the API against the runtime's zone list; PostgreSQL's own list is what the queries use.

ALTER TABLE profiles ADD COLUMN time_zone text CHECK (length(time_zone) BETWEEN 1 AND 64);
