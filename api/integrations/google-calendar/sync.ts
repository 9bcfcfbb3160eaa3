import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Sql, Tx } from '../../db/client';
import type { AppDeps } from '../../http/context';
import type { JobQueue } from '../../jobs/queue';
import { type GoogleResponse, googleMessage, googleRequest } from './google-api';
import { GoogleConnectionUnusable, GoogleUnavailable, type TokenDeps } from './tokens';

/*
 * Writing the provider's calendar events and bookings to their chosen Google calendar, once each.
 *
 * A change queues `google_calendar_sync` ({ providerId, source, id }) in its own transaction
 * (`queueGoogleSync`, one waiting job per row: a later change replaces the payload's turn); the job reads
 * the row as it is then and makes Google agree:
 *   - the Google event's id is derived from the row's uid (`googleEventId`: SHA-256 in hex, which is
 *     within Google's base32hex alphabet), so a retried insert answers 409 and becomes an update, never a
 *     second event;
 *   - which calendar it went to is written (`google_calendar_synced`) before Google is called, so a row
 *     deleted meanwhile still has its event deleted, once (404/410 mean it is gone already);
 *   - after another calendar is chosen, an event written to the old one moves (deleted there, written to the
 *     chosen one under the same id): the choice queues every upcoming row again (`queueBackfill`);
 *   - a recurring event carries its RRULE and EXDATEs in its own time zone; a cancelled booking or a deleted
 *     event is deleted.
 * Failures Google may recover from (5xx, 429, the network) are retried by the delivery rule
 * (`jobs/backoff.ts`); the last one, and any other refusal, is kept as the connection's last sync error.
 */

export type SyncSource = 'event' | 'booking';
export interface SyncTarget {
  providerId: string;
  source: SyncSource;
  id: string;
}

/** Google's event id for a row with this iCalendar uid (64 characters of [0-9a-f] ⊂ base32hex). */
export const googleEventId = (uid: string): string => createHash('sha256').update(uid, 'utf8').digest('hex');

/**
 * Queues the sync of one row, in the transaction that changed it; nothing when the provider has no
 * working Google connection.
 * @returns whether a job was queued
 * @example await queueGoogleSync(deps, tx, { providerId, source: 'booking', id: booking.id })
 */
export async function queueGoogleSync(
  deps: { jobs: Pick<JobQueue, 'enqueue'> },
  tx: Tx | Sql,
  target: SyncTarget,
): Promise<boolean> {
  // 0040's function: the table is provider-private, and a portal client's booking queues its sync too.
  const [row] = await tx<{ ok: boolean }[]>`SELECT app_google_connected(${target.providerId}) AS ok`;
  if (!row?.ok) return false;
  await deps.jobs.enqueue(
    tx,
    'google_calendar_sync',
    { providerId: target.providerId, source: target.source, id: target.id },
    { jobKey: `google-sync:${target.source}:${target.id}` },
  );
  return true;
}

/** Rows of each kind queued when a connection is made or another calendar is chosen. */
export const BACKFILL_LIMIT = 500;

/**
 * Queues every upcoming event and confirmed booking of the provider (up to BACKFILL_LIMIT of each, the
 * soonest first), in the transaction that made or changed the connection: a new connection gets them all
 * (and what changed while it was broken), another calendar gets them moved.
 */
export async function queueBackfill(
  deps: { jobs: Pick<JobQueue, 'enqueue'> },
  tx: Tx,
  providerId: string,
  now: Date,
): Promise<void> {
  const rows = await tx<{ source: SyncSource; id: string }[]>`
    (SELECT 'event' AS source, id FROM calendar_events
     WHERE provider_id = ${providerId} AND (series_ends_at IS NULL OR series_ends_at >= ${now})
     ORDER BY starts_at LIMIT ${BACKFILL_LIMIT})
    UNION ALL
    (SELECT 'booking' AS source, id FROM bookings
     WHERE provider_id = ${providerId} AND status = 'confirmed' AND ends_at >= ${now}
     ORDER BY starts_at LIMIT ${BACKFILL_LIMIT})`;
  for (const row of rows) await queueGoogleSync(deps, tx, { providerId, source: row.source, id: row.id });
}

interface EventRow {
  uid: string;
  title: string;
  all_day: boolean;
  starts_at: Date;
  ends_at: Date;
  time_zone: string;
  location: string | null;
  video_url: string | null;
  notes: string | null;
  rrule: string | null;
  exdates: Date[];
}

interface BookingRow {
  uid: string;
  title: string;
  starts_at: Date;
  ends_at: Date;
  status: 'confirmed' | 'cancelled';
  time_zone: string;
  location: string | null;
  note: string | null;
  client_name: string;
}

interface SyncedRow {
  google_event_id: string;
  calendar_id: string;
}

/** How one attempt ended: `retry` is thrown by the job (tried again later). */
export type SyncOutcome =
  | { outcome: 'created' | 'updated' | 'deleted' | 'unchanged' | 'skipped' }
  | { outcome: 'failed'; message: string }
  | { outcome: 'retry'; message: string };

const wallTime = (d: Date, zone: string) => DateTime.fromJSDate(new Date(d), { zone });

/** The Google event of a calendar event (all-day as dates in its zone; recurrence with its EXDATEs). */
export function eventResource(row: EventRow, id: string): Record<string, unknown> {
  const zone = row.time_zone;
  const when = (d: Date) =>
    row.all_day
      ? { date: wallTime(d, zone).toISODate() }
      : { dateTime: new Date(d).toISOString(), timeZone: zone };
  const recurrence: string[] = [];
  if (row.rrule) {
    recurrence.push(`RRULE:${row.rrule}`);
    if (row.exdates.length > 0)
      recurrence.push(
        row.all_day
          ? `EXDATE;VALUE=DATE:${row.exdates.map((d) => wallTime(d, zone).toFormat('yyyyMMdd')).join(',')}`
          : `EXDATE;TZID=${zone}:${row.exdates.map((d) => wallTime(d, zone).toFormat("yyyyMMdd'T'HHmmss")).join(',')}`,
      );
  }
  const description = [row.notes, row.video_url].filter(Boolean).join('\n\n');
  return {
    id,
    iCalUID: row.uid,
    status: 'confirmed',
    summary: row.title,
    location: row.location ?? row.video_url ?? undefined,
    description: description || undefined,
    start: when(row.starts_at),
    end: when(row.ends_at),
    recurrence: recurrence.length > 0 ? recurrence : undefined,
  };
}

/** The Google event of a booking: the meeting's time in the booking type's zone, the client named. */
export function bookingResource(row: BookingRow, id: string): Record<string, unknown> {
  return {
    id,
    iCalUID: row.uid,
    status: 'confirmed',
    summary: `${row.title} · ${row.client_name}`,
    location: row.location ?? undefined,
    description: row.note ?? undefined,
    start: { dateTime: new Date(row.starts_at).toISOString(), timeZone: row.time_zone },
    end: { dateTime: new Date(row.ends_at).toISOString(), timeZone: row.time_zone },
  };
}

type SyncDeps = TokenDeps & Pick<AppDeps, 'log'>;

/** The row as Google should show it, or null when Google should not show it (deleted, cancelled). */
async function readSource(
  sql: Sql,
  target: SyncTarget,
): Promise<{ uid: string; resource: (id: string) => Record<string, unknown> } | null> {
  if (target.source === 'event') {
    const [row] = await sql<EventRow[]>`
      SELECT uid, title, all_day, starts_at, ends_at, time_zone, location, video_url, notes, rrule, exdates
      FROM calendar_events WHERE provider_id = ${target.providerId} AND id = ${target.id}`;
    return row ? { uid: row.uid, resource: (id) => eventResource(row, id) } : null;
  }
  const [row] = await sql<BookingRow[]>`
    SELECT b.uid, b.title, b.starts_at, b.ends_at, b.status, t.time_zone, b.location, b.note, c.name AS client_name
    FROM bookings b
    JOIN booking_types t ON t.provider_id = b.provider_id AND t.id = b.booking_type_id
    JOIN clients c ON c.provider_id = b.provider_id AND c.id = b.client_id
    WHERE b.provider_id = ${target.providerId} AND b.id = ${target.id}`;
  return row && row.status === 'confirmed'
    ? { uid: row.uid, resource: (id) => bookingResource(row, id) }
    : null;
}

const retriable = (status: number) => status === 429 || status >= 500 || status === 403;

/**
 * One attempt of `google_calendar_sync`: makes the row's Google event match the row (see above).
 * Never throws for Google's answers: the outcome says what happened.
 */
export async function syncToGoogle(deps: SyncDeps, target: SyncTarget): Promise<SyncOutcome> {
  const [connection] = await deps.sql<{ calendar_id: string | null; status: string }[]>`
    SELECT calendar_id, status FROM google_calendar_connections WHERE provider_id = ${target.providerId}`;
  if (connection?.status !== 'connected') return { outcome: 'skipped' };
  const [synced] = await deps.sql<SyncedRow[]>`
    SELECT google_event_id, calendar_id FROM google_calendar_synced
    WHERE provider_id = ${target.providerId} AND source = ${target.source} AND source_id = ${target.id}`;
  const source = await readSource(deps.sql, target);
  try {
    if (!source) return synced ? await deleteEvent(deps, target, synced) : { outcome: 'unchanged' };
    return await writeEvent(deps, target, source, synced ?? null, connection.calendar_id ?? 'primary');
  } catch (err) {
    if (err instanceof GoogleConnectionUnusable) return { outcome: 'skipped' };
    if (err instanceof GoogleUnavailable) return { outcome: 'retry', message: err.message };
    throw err;
  }
}

const eventPath = (calendarId: string, eventId?: string) =>
  `/calendars/${encodeURIComponent(calendarId)}/events${eventId ? `/${encodeURIComponent(eventId)}` : ''}`;

function failure(res: GoogleResponse): SyncOutcome {
  const message = googleMessage(res);
  return retriable(res.status) ? { outcome: 'retry', message } : { outcome: 'failed', message };
}

async function writeEvent(
  deps: SyncDeps,
  target: SyncTarget,
  source: { uid: string; resource: (id: string) => Record<string, unknown> },
  synced: SyncedRow | null,
  chosenCalendar: string,
): Promise<SyncOutcome> {
  if (synced && synced.calendar_id !== chosenCalendar) {
    // Another calendar was chosen: the event moves there under the same id (deleted where it was first; the
    // record follows, so a retry after a failure here deletes nothing twice and writes to the chosen one).
    const gone = await googleRequest(deps, target.providerId, {
      method: 'DELETE',
      path: eventPath(synced.calendar_id, synced.google_event_id),
    });
    if (![200, 204, 404, 410].includes(gone.status)) return failure(gone);
    await deps.sql`
      UPDATE google_calendar_synced SET calendar_id = ${chosenCalendar}
      WHERE provider_id = ${target.providerId} AND source = ${target.source} AND source_id = ${target.id}`;
    synced = { ...synced, calendar_id: chosenCalendar };
  }
  const eventId = synced?.google_event_id ?? googleEventId(source.uid);
  const calendarId = synced?.calendar_id ?? chosenCalendar;
  if (!synced)
    // Recorded before Google is asked: whatever happens next, the event can be found and deleted.
    await deps.sql`
      INSERT INTO google_calendar_synced (provider_id, source, source_id, google_event_id, calendar_id)
      VALUES (${target.providerId}, ${target.source}, ${target.id}, ${eventId}, ${calendarId})
      ON CONFLICT (provider_id, source, source_id) DO NOTHING`;
  const body = source.resource(eventId);
  let outcome: 'created' | 'updated' = 'updated';
  let res: GoogleResponse;
  if (!synced) {
    res = await googleRequest(deps, target.providerId, { method: 'POST', path: eventPath(calendarId), body });
    if (res.status === 200 || res.status === 201) outcome = 'created';
    // 409: an earlier attempt's insert reached Google: update it instead.
    else if (res.status === 409)
      res = await googleRequest(deps, target.providerId, {
        method: 'PUT',
        path: eventPath(calendarId, eventId),
        body,
      });
  } else {
    res = await googleRequest(deps, target.providerId, {
      method: 'PUT',
      path: eventPath(calendarId, eventId),
      body,
    });
    // Gone at Google (deleted there for good): written again under the same id.
    if (res.status === 404 || res.status === 410) {
      res = await googleRequest(deps, target.providerId, {
        method: 'POST',
        path: eventPath(calendarId),
        body,
      });
      if (res.status === 200 || res.status === 201) outcome = 'created';
    }
  }
  if (res.status !== 200 && res.status !== 201) return failure(res);
  await deps.sql`
    UPDATE google_calendar_synced SET synced_at = ${deps.now()}
    WHERE provider_id = ${target.providerId} AND source = ${target.source} AND source_id = ${target.id}`;
  return { outcome };
}

async function deleteEvent(deps: SyncDeps, target: SyncTarget, synced: SyncedRow): Promise<SyncOutcome> {
  const res = await googleRequest(deps, target.providerId, {
    method: 'DELETE',
    path: eventPath(synced.calendar_id, synced.google_event_id),
  });
  if (res.status !== 204 && res.status !== 200 && res.status !== 404 && res.status !== 410)
    return failure(res);
  await deps.sql`
    DELETE FROM google_calendar_synced
    WHERE provider_id = ${target.providerId} AND source = ${target.source} AND source_id = ${target.id}`;
  return { outcome: 'deleted' };
}

/** Keeps how the last attempt went on the connection (shown on the card). */
export async function recordSyncOutcome(
  deps: Pick<AppDeps, 'sql' | 'now'>,
  providerId: string,
  result: { ok: true } | { ok: false; message: string },
): Promise<void> {
  if (result.ok)
    await deps.sql`
      UPDATE google_calendar_connections SET last_synced_at = ${deps.now()}, last_sync_error = NULL,
        last_sync_error_at = NULL
      WHERE provider_id = ${providerId}`;
  else
    await deps.sql`
      UPDATE google_calendar_connections SET last_sync_error = ${result.message.slice(0, 1000)},
        last_sync_error_at = ${deps.now()}
      WHERE provider_id = ${providerId}`;
}
