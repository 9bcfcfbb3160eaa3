import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type {
  CalendarEvent,
  CalendarEventCreate,
  CalendarEventUpdate,
} from '../../../shared/contracts/calendar';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import { ApiError } from '../../http/errors';
import { queueGoogleSync } from '../../integrations/google-calendar/sync';
import type { JobQueue } from '../../jobs/queue';
import { checkRule, isOccurrence, splitRule } from './recurrence';
import { instantsOf, wallClockOf } from './times';

/** A row of `calendar_events` as the services read it. */
export interface EventRow {
  id: string;
  title: string;
  all_day: boolean;
  starts_at: Date;
  ends_at: Date;
  time_zone: string;
  client_id: string | null;
  client_name: string | null;
  project_id: string | null;
  project_name: string | null;
  location: string | null;
  video_url: string | null;
  notes: string | null;
  rrule: string | null;
  exdates: Date[];
  series_ends_at: Date | null;
  uid: string;
  sequence: number;
  created_at: Date;
  updated_at: Date;
}

/** What recurrence needs of a row. */
export const timesOf = (row: EventRow) => ({
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  timeZone: row.time_zone,
  allDay: row.all_day,
  rrule: row.rrule,
  exdates: row.exdates,
});

export function toCalendarEvent(row: EventRow): CalendarEvent {
  const wall = wallClockOf({
    allDay: row.all_day,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    timeZone: row.time_zone,
  });
  return {
    id: row.id,
    title: row.title,
    allDay: row.all_day,
    start: wall.start,
    end: wall.end,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    timeZone: row.time_zone,
    clientId: row.client_id,
    clientName: row.client_name,
    projectId: row.project_id,
    projectName: row.project_name,
    location: row.location,
    videoUrl: row.video_url,
    notes: row.notes,
    rrule: row.rrule,
    exdates: row.exdates.map((d) => d.toISOString()),
    seriesEndsAt: row.series_ends_at?.toISOString() ?? null,
    uid: row.uid,
    sequence: row.sequence,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The provider's events with their client's and project's names (`where` adds to the tenant condition). */
export function selectEvents(sql: Sql | Tx, scope: ProviderScope, where = sql``) {
  return sql<EventRow[]>`
    SELECT e.*, c.name AS client_name, p.name AS project_name
    FROM calendar_events e
    LEFT JOIN clients c ON c.provider_id = e.provider_id AND c.id = e.client_id
    LEFT JOIN projects p ON p.provider_id = e.provider_id AND p.id = e.project_id
    WHERE ${ownedBy(sql, scope, 'e.provider_id')} ${where}
    ORDER BY e.starts_at, e.id`;
}

/** One of the provider's events; another provider's answers 404. */
export async function getCalendarEvent(
  sql: Sql | Tx,
  scope: ProviderScope,
  id: string,
): Promise<CalendarEvent> {
  const [row] = await selectEvents(sql, scope, sql`AND e.id = ${id}`);
  if (!row) throw new ApiError('not_found');
  return toCalendarEvent(row);
}

type Fields = z.output<typeof CalendarEventCreate>;

/** The client and project of an event: the provider's own (404 otherwise), the project of that client. */
async function checkLinks(tx: Tx, scope: ProviderScope, clientId: string | null, projectId: string | null) {
  if (clientId) {
    const [client] =
      await tx`SELECT 1 FROM clients WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${clientId}`;
    if (!client) throw new ApiError('not_found');
  }
  if (projectId) {
    const [project] = await tx<{ client_id: string }[]>`
      SELECT client_id FROM projects WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${projectId}`;
    if (!project) throw new ApiError('not_found');
    if (clientId && project.client_id !== clientId)
      throw new ApiError('validation_failed', {
        fields: [{ path: 'projectId', key: 'validation.projectInvalid' }],
      });
  }
}

/** The columns an event's fields make: its instants, the normalised rule and the series' end. */
function columnsOf(fields: Fields) {
  const { startsAt, endsAt } = instantsOf(fields);
  const rule = fields.rrule
    ? checkRule(fields.rrule, { startsAt, endsAt, timeZone: fields.timeZone, allDay: fields.allDay })
    : null;
  return {
    title: fields.title,
    all_day: fields.allDay,
    starts_at: startsAt,
    ends_at: endsAt,
    time_zone: fields.timeZone,
    client_id: fields.clientId,
    project_id: fields.projectId,
    location: fields.location || null,
    video_url: fields.videoUrl || null,
    notes: fields.notes || null,
    rrule: rule?.rrule ?? null,
    series_ends_at: rule ? rule.seriesEndsAt : endsAt,
  };
}

/**
 * What writing events needs: the database and the job queue (a change is written to the provider's Google
 * calendar by the `google_calendar_sync` job, queued in the change's transaction when a calendar is connected).
 */
export interface CalendarDeps {
  sql: Sql;
  jobs: Pick<JobQueue, 'enqueue'>;
}

/** Queues the event's copy in Google Calendar (created, changed or deleted), in the change's transaction. */
const syncToGoogle = (deps: CalendarDeps, tx: Tx, scope: ProviderScope, id: string) =>
  queueGoogleSync(deps, tx, { providerId: scope.providerId, source: 'event', id });

async function insertEvent(tx: Tx, scope: ProviderScope, fields: Fields, now: Date): Promise<string> {
  const columns = columnsOf(fields);
  await checkLinks(tx, scope, fields.clientId, fields.projectId);
  const id = randomUUID();
  await tx`
    INSERT INTO calendar_events ${tx({
      ...columns,
      id,
      provider_id: scope.providerId,
      uid: `${id}@client-portal`,
      created_at: now,
      updated_at: now,
    })}`;
  return id;
}

/** A new event of the provider (checked: times, zone, rule, client and project). */
export async function createCalendarEvent(
  deps: CalendarDeps,
  scope: ProviderScope,
  input: Fields,
  now: Date,
): Promise<CalendarEvent> {
  const id = await deps.sql.begin(async (tx) => {
    const newId = await insertEvent(tx, scope, input, now);
    await syncToGoogle(deps, tx, scope, newId);
    return newId;
  });
  return getCalendarEvent(deps.sql, scope, id);
}

async function lockEvent(tx: Tx, scope: ProviderScope, id: string): Promise<EventRow> {
  const [row] = await tx<EventRow[]>`
    SELECT *, NULL AS client_name, NULL AS project_name FROM calendar_events
    WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${id} FOR UPDATE`;
  if (!row) throw new ApiError('not_found');
  return row;
}

/** The start of one occurrence of a recurring event, or 422 on `occurrence` when it is none of its starts. */
function occurrenceOf(row: EventRow, occurrence: string): Date {
  const at = new Date(occurrence);
  const taken = row.exdates.some((d) => d.getTime() === at.getTime());
  if (!row.rrule || taken || !isOccurrence(timesOf(row), at))
    throw new ApiError('validation_failed', {
      fields: [{ path: 'occurrence', key: 'validation.calendarOccurrence' }],
    });
  return at;
}

/** The event's current fields, as the contract names them. */
function fieldsOf(row: EventRow): Fields {
  const wall = wallClockOf({
    allDay: row.all_day,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    timeZone: row.time_zone,
  });
  return {
    title: row.title,
    allDay: row.all_day,
    start: wall.start,
    end: wall.end,
    timeZone: row.time_zone,
    clientId: row.client_id,
    projectId: row.project_id,
    location: row.location,
    videoUrl: row.video_url,
    notes: row.notes,
    rrule: row.rrule,
  };
}

const defined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * Ends a series before its occurrence at `at` (not the first): UNTIL before it, the exceptions from it on
 * dropped, `sequence` grows. Returns the rule of the part from `at` on and those exceptions.
 */
async function endSeriesBefore(
  tx: Tx,
  scope: ProviderScope,
  row: EventRow & { rrule: string },
  at: Date,
  now: Date,
) {
  const { before, from } = splitRule({ ...timesOf(row), rrule: row.rrule }, at);
  const rule = checkRule(before, timesOf(row));
  const kept = row.exdates.filter((d) => d < at);
  await tx`
    UPDATE calendar_events SET rrule = ${rule.rrule}, series_ends_at = ${rule.seriesEndsAt ?? row.ends_at},
      exdates = ${kept.map((d) => d.toISOString())}::timestamptz[], sequence = sequence + 1, updated_at = ${now}
    WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${row.id}`;
  return { rule: from, exdates: row.exdates.filter((d) => d >= at) };
}

/**
 * Changes an event: the fields sent replace its own, checked as a new event's; `sequence` grows. With
 * `occurrence`, only that occurrence of a recurring event: its start joins the series' exceptions and the
 * changed occurrence becomes a single event of its own (returned). A changed start of a series keeps its
 * exceptions only where they are still occurrences.
 */
export async function updateCalendarEvent(
  deps: CalendarDeps,
  scope: ProviderScope,
  id: string,
  input: z.output<typeof CalendarEventUpdate>,
  now: Date,
): Promise<CalendarEvent> {
  const { occurrence, following, ...changes } = input;
  const resultId = await deps.sql.begin(async (tx) => {
    const row = await lockEvent(tx, scope, id);
    await syncToGoogle(deps, tx, scope, id);
    const at = occurrence ? occurrenceOf(row, occurrence) : null;
    if (at && following && row.rrule && at.getTime() !== row.starts_at.getTime()) {
      // This and the following: the series ends before `at`; a new one starts there with the change.
      const length = row.ends_at.getTime() - row.starts_at.getTime();
      const tail = await endSeriesBefore(tx, scope, { ...row, rrule: row.rrule }, at, now);
      const fields = {
        ...fieldsOf({ ...row, starts_at: at, ends_at: new Date(at.getTime() + length), rrule: tail.rule }),
        ...defined(changes),
      } as Fields;
      const newId = await insertEvent(tx, scope, fields, now);
      const columns = columnsOf(fields);
      if (columns.rrule && tail.exdates.length) {
        const times = { startsAt: columns.starts_at, endsAt: columns.ends_at, exdates: [] };
        const still = tail.exdates.filter((d) =>
          isOccurrence(
            { ...times, rrule: columns.rrule, timeZone: columns.time_zone, allDay: columns.all_day },
            d,
          ),
        );
        await tx`
          UPDATE calendar_events SET exdates = ${still.map((d) => d.toISOString())}::timestamptz[]
          WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${newId}`;
      }
      await syncToGoogle(deps, tx, scope, newId);
      return newId;
    }
    if (at && !following) {
      const length = row.ends_at.getTime() - row.starts_at.getTime();
      const single = fieldsOf({
        ...row,
        starts_at: at,
        ends_at: new Date(at.getTime() + length),
        rrule: null,
      });
      const newId = await insertEvent(tx, scope, { ...single, ...defined(changes), rrule: null }, now);
      await syncToGoogle(deps, tx, scope, newId);
      await tx`
        UPDATE calendar_events SET exdates = array_append(exdates, ${at}::timestamptz), sequence = sequence + 1,
          updated_at = ${now}
        WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${id}`;
      return newId;
    }
    const fields = { ...fieldsOf(row), ...defined(changes) } as Fields;
    const columns = columnsOf(fields);
    await checkLinks(tx, scope, fields.clientId, fields.projectId);
    const times = {
      ...timesOf(row),
      ...{ startsAt: columns.starts_at, endsAt: columns.ends_at },
      rrule: columns.rrule,
    };
    const exdates = columns.rrule
      ? row.exdates.filter((d) =>
          isOccurrence({ ...times, timeZone: columns.time_zone, allDay: columns.all_day }, d),
        )
      : [];
    await tx`
      UPDATE calendar_events SET ${tx({ ...columns, updated_at: now })}, sequence = sequence + 1,
        exdates = ${exdates.map((d) => d.toISOString())}::timestamptz[]
      WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${id}`;
    return id;
  });
  return getCalendarEvent(deps.sql, scope, resultId);
}

/**
 * Deletes an event, or with `occurrence` only that occurrence of a recurring one (it joins the
 * exceptions; `sequence` grows), or with `following` too that occurrence and every later one (the series
 * ends before it; from its first occurrence, the whole event). Another provider's answers 404.
 */
export async function deleteCalendarEvent(
  deps: CalendarDeps,
  scope: ProviderScope,
  id: string,
  occurrence: string | undefined,
  now: Date,
  following = false,
): Promise<void> {
  await deps.sql.begin(async (tx) => {
    const row = await lockEvent(tx, scope, id);
    await syncToGoogle(deps, tx, scope, id);
    const at = occurrence ? occurrenceOf(row, occurrence) : null;
    if (!at || (following && at.getTime() === row.starts_at.getTime())) {
      await tx`DELETE FROM calendar_events WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${id}`;
      return;
    }
    if (following && row.rrule) {
      await endSeriesBefore(tx, scope, { ...row, rrule: row.rrule }, at, now);
      return;
    }
    await tx`
      UPDATE calendar_events SET exdates = array_append(exdates, ${at}::timestamptz), sequence = sequence + 1,
        updated_at = ${now}
      WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${id}`;
  });
}
