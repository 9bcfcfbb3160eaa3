import { z } from 'zod';
import { DateOnly, text, Uuid } from './common';
import { TimeZone } from './time-zone';

/*
 * The calendar (issue 30): the provider's own events (migration 0032), and one window of everything dated
 * (event occurrences, bookings, project start and end days, open invoices' due days).
 *
 * An event is entered as wall-clock time in its IANA zone: a timed event's `start`/`end` are
 * `YYYY-MM-DDTHH:mm` in `timeZone` (the server finds the instants, across DST); an all-day event's are days
 * `YYYY-MM-DD`, `end` its last day (inclusive). A recurring event repeats in that zone's wall-clock time by
 * an RFC 5545 RRULE (`FREQ=WEEKLY;BYDAY=MO`, no DTSTART: the start is the first occurrence), expanded on the
 * server by the `rrule` library.
 */

/** The longest timed event (14 days) and the longest all-day one (366 days). */
export const MAX_TIMED_EVENT_HOURS = 14 * 24;
export const MAX_ALL_DAY_EVENT_DAYS = 366;
/** The longest window `GET /api/calendar/entries` reads: 62 days (two months, and a six-week month grid). */
export const MAX_WINDOW_DAYS = 62;
/** A rule may repeat at most this often: once a day on average over its first year. */
export const MAX_OCCURRENCES_PER_YEAR = 366;

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Wall-clock `YYYY-MM-DDTHH:mm` (timed) or `YYYY-MM-DD` (all-day) as a UTC-based number, for ordering. */
export function wallClockMs(value: string): number {
  const [day = '', time = '00:00'] = value.split('T');
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const date = new Date(Date.UTC(2000, m - 1, d, hh, mm));
  date.setUTCFullYear(y);
  return date.getTime();
}

/** Whether a wall-clock value names a real day and time (no 2026-02-30, no 24:30). */
function isWallClock(value: string, allDay: boolean): boolean {
  if (!(allDay ? DAY : LOCAL_DATE_TIME).test(value)) return false;
  const ms = wallClockMs(value);
  const date = new Date(ms);
  const [day = '', time = '00:00'] = value.split('T');
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return (
    y >= 1900 &&
    y <= 9999 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === m - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === hh &&
    date.getUTCMinutes() === mm
  );
}

/**
 * The wall-clock checks of an event's times, shared by the form and the server (which checks the instants
 * again in the zone): the right form for the kind, end after start (all-day: not before), and the span.
 */
export function eventTimeIssues(input: {
  allDay: boolean;
  start: string;
  end: string;
}): { path: 'start' | 'end'; message: string }[] {
  if (!isWallClock(input.start, input.allDay))
    return [
      { path: 'start', message: input.allDay ? 'validation.dateInvalid' : 'validation.calendarDateTime' },
    ];
  if (!isWallClock(input.end, input.allDay))
    return [
      { path: 'end', message: input.allDay ? 'validation.dateInvalid' : 'validation.calendarDateTime' },
    ];
  const span = wallClockMs(input.end) - wallClockMs(input.start);
  if (input.allDay ? span < 0 : span <= 0)
    return [{ path: 'end', message: 'validation.calendarEndBeforeStart' }];
  // A timed event's wall-clock span may differ from its real length by a DST change (an hour); the
  // server checks the instants.
  const tooLong = input.allDay
    ? span / 86_400_000 + 1 > MAX_ALL_DAY_EVENT_DAYS
    : span > (MAX_TIMED_EVENT_HOURS + 1) * 3_600_000;
  return tooLong
    ? [
        {
          path: 'end',
          message: input.allDay ? 'validation.calendarAllDayTooLong' : 'validation.calendarTooLong',
        },
      ]
    : [];
}

const Title = text({ error: 'validation.calendarTitleRequired' })
  .trim()
  .min(1, { error: 'validation.calendarTitleRequired' })
  .max(200, { error: 'validation.calendarTitleTooLong' });
const WallClock = text({ error: 'validation.calendarDateTime' })
  .max(16, { error: 'validation.calendarDateTime' })
  .meta({ description: 'Timed: `YYYY-MM-DDTHH:mm` in `timeZone`; all-day: `YYYY-MM-DD`.' });
const Location = text().trim().max(500, { error: 'validation.calendarLocationTooLong' });
/** A meeting link: https only (no `javascript:`, no plain http). */
export const VideoUrl = text({ error: 'validation.calendarVideoUrl' })
  .trim()
  .max(2000, { error: 'validation.calendarVideoUrl' })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && !!url.hostname && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { error: 'validation.calendarVideoUrl' },
  );
const Notes = text().max(5000, { error: 'validation.notesTooLong' });
/** An RRULE value without DTSTART, e.g. `FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10` (checked fully by the server). */
export const RecurrenceRule = text({ error: 'validation.calendarRrule' })
  .trim()
  .max(500, { error: 'validation.calendarRrule' })
  .regex(/^(RRULE:)?[A-Za-z0-9=;,:+-]+$/, { error: 'validation.calendarRrule' })
  .meta({ description: 'RFC 5545 RRULE without DTSTART.', example: 'FREQ=WEEKLY;BYDAY=MO;COUNT=10' });

const eventFields = {
  title: Title,
  allDay: z.boolean().default(false),
  start: WallClock,
  end: WallClock,
  timeZone: TimeZone,
  clientId: Uuid({ error: 'validation.invalid' }).nullable().default(null),
  projectId: Uuid({ error: 'validation.invalid' }).nullable().default(null),
  location: Location.nullable().default(null),
  videoUrl: VideoUrl.nullable().default(null),
  notes: Notes.nullable().default(null),
  rrule: RecurrenceRule.nullable().default(null),
};

const withTimes = <T extends { allDay: boolean; start: string; end: string }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  for (const issue of eventTimeIssues(value)) ctx.addIssue({ code: 'custom', ...issue, path: [issue.path] });
};

/** A new event (`POST /api/calendar/events`). */
export const CalendarEventCreate = z
  .object(eventFields)
  .superRefine(withTimes)
  .meta({
    id: 'CalendarEventCreate',
    example: {
      title: 'Design review',
      allDay: false,
      start: '2027-03-22T10:00',
      end: '2027-03-22T11:00',
      timeZone: 'Europe/Berlin',
      rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=10',
    },
  });
export type CalendarEventCreate = z.input<typeof CalendarEventCreate>;

/**
 * A change (`PATCH /api/calendar/events/{eventId}`): the fields sent replace the event's. With
 * `occurrence` (the start of one occurrence of a recurring event, as the entries name it) only that
 * occurrence changes: it is taken out of the series and the change becomes an event of its own. With
 * `following` too, that occurrence and every later one: the series ends before it and the change becomes a
 * new series from it.
 */
export const CalendarEventUpdate = z
  .object({
    title: Title.optional(),
    allDay: z.boolean().optional(),
    start: WallClock.optional(),
    end: WallClock.optional(),
    timeZone: TimeZone.optional(),
    clientId: Uuid({ error: 'validation.invalid' }).nullable().optional(),
    projectId: Uuid({ error: 'validation.invalid' }).nullable().optional(),
    location: Location.nullable().optional(),
    videoUrl: VideoUrl.nullable().optional(),
    notes: Notes.nullable().optional(),
    rrule: RecurrenceRule.nullable().optional(),
    occurrence: z.iso.datetime({ offset: true, error: 'validation.invalid' }).max(40).optional().meta({
      description: 'Change only the occurrence that starts at this instant (a recurring event).',
    }),
    following: z.boolean().optional().meta({
      description:
        'With `occurrence`: that occurrence and every later one (the series ends before it; the change becomes a new series from it).',
    }),
  })
  .meta({ id: 'CalendarEventUpdate', example: { start: '2027-03-22T14:00', end: '2027-03-22T15:00' } });
export type CalendarEventUpdate = z.input<typeof CalendarEventUpdate>;

export const CalendarEvent = z
  .object({
    id: z.guid(),
    title: z.string(),
    allDay: z.boolean(),
    start: z.string().meta({ description: 'Wall-clock start in `timeZone` (all-day: the first day).' }),
    end: z.string().meta({ description: 'Wall-clock end in `timeZone` (all-day: the last day).' }),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    timeZone: z.string(),
    clientId: z.guid().nullable(),
    clientName: z.string().nullable(),
    projectId: z.guid().nullable(),
    projectName: z.string().nullable(),
    location: z.string().nullable(),
    videoUrl: z.string().nullable(),
    notes: z.string().nullable(),
    rrule: z.string().nullable(),
    exdates: z.array(z.iso.datetime({ offset: true })),
    seriesEndsAt: z.iso.datetime({ offset: true }).nullable(),
    uid: z.string(),
    sequence: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({
    id: 'CalendarEvent',
    example: {
      id: '5f0c2a8e-2d1b-4a37-9f3e-6c1d8b2a4e10',
      title: 'Design review',
      allDay: false,
      start: '2027-03-22T10:00',
      end: '2027-03-22T11:00',
      startsAt: '2027-03-22T09:00:00.000Z',
      endsAt: '2027-03-22T10:00:00.000Z',
      timeZone: 'Europe/Berlin',
      clientId: null,
      clientName: null,
      projectId: null,
      projectName: null,
      location: null,
      videoUrl: 'https://meet.example.com/abc-defg',
      notes: null,
      rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=10',
      exdates: [],
      seriesEndsAt: '2027-05-24T09:00:00.000Z',
      uid: '5f0c2a8e-2d1b-4a37-9f3e-6c1d8b2a4e10@clientportal',
      sequence: 0,
      createdAt: '2027-03-01T08:00:00.000Z',
      updatedAt: '2027-03-01T08:00:00.000Z',
    },
  });
export type CalendarEvent = z.infer<typeof CalendarEvent>;

/**
 * `DELETE …/events/{eventId}?occurrence=`: only that occurrence (an exception of the series); with
 * `&following=true` that occurrence and every later one (the series ends before it).
 */
export const CalendarEventDeleteQuery = z.object({
  occurrence: z.iso.datetime({ offset: true, error: 'validation.invalid' }).max(40).optional().meta({
    description: 'Delete only the occurrence that starts at this instant (a recurring event).',
  }),
  following: z
    .enum(['true', 'false'], { error: 'validation.invalid' })
    .optional()
    .meta({ description: 'With `occurrence`: `true` deletes that occurrence and every later one.' }),
});

/** The window of `GET /api/calendar/entries`: days `from` to `to` (both included) in `timeZone`. */
export const CalendarWindowQuery = z
  .object({
    from: DateOnly,
    to: DateOnly,
    timeZone: TimeZone.optional().meta({ description: 'Default: the profile’s zone, else UTC.' }),
  })
  .superRefine((value, ctx) => {
    const days = (wallClockMs(value.to) - wallClockMs(value.from)) / 86_400_000 + 1;
    if (days < 1)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.calendarEndBeforeStart' });
    else if (days > MAX_WINDOW_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.calendarWindowTooLong' });
  });
export type CalendarWindowQuery = z.input<typeof CalendarWindowQuery>;

export const CalendarEntryKind = z.enum(['event', 'booking', 'project_start', 'project_end', 'invoice_due']);
export type CalendarEntryKind = z.infer<typeof CalendarEntryKind>;

/**
 * One thing on the calendar. Timed entries have `startsAt`/`endsAt`; all-day ones (all-day events,
 * project days, due days) have `startDay`/`endDay` (inclusive). `startDay`/`endDay` are set for every
 * entry: the days it covers in the window's zone.
 */
export const CalendarEntry = z
  .object({
    key: z.string().meta({ description: 'Unique within the answer (an occurrence: event id and start).' }),
    kind: CalendarEntryKind,
    title: z.string(),
    allDay: z.boolean(),
    startsAt: z.iso.datetime({ offset: true }).nullable(),
    endsAt: z.iso.datetime({ offset: true }).nullable(),
    startDay: z.string(),
    endDay: z.string(),
    eventId: z.guid().nullable(),
    recurring: z.boolean(),
    bookingId: z.guid().nullable(),
    status: z.enum(['confirmed', 'cancelled']).nullable(),
    clientId: z.guid().nullable(),
    clientName: z.string().nullable(),
    projectId: z.guid().nullable(),
    projectName: z.string().nullable(),
    invoiceId: z.guid().nullable(),
    invoiceNumber: z.string().nullable(),
    location: z.string().nullable(),
    videoUrl: z.string().nullable(),
  })
  .meta({ id: 'CalendarEntry' });
export type CalendarEntry = z.infer<typeof CalendarEntry>;

export const CalendarEntries = z
  .object({ timeZone: z.string(), from: z.string(), to: z.string(), items: z.array(CalendarEntry) })
  .meta({
    id: 'CalendarEntries',
    example: {
      timeZone: 'Europe/Berlin',
      from: '2027-03-01',
      to: '2027-03-31',
      items: [
        {
          key: '5f0c2a8e-2d1b-4a37-9f3e-6c1d8b2a4e10:2027-03-22T09:00:00.000Z',
          kind: 'event',
          title: 'Design review',
          allDay: false,
          startsAt: '2027-03-22T09:00:00.000Z',
          endsAt: '2027-03-22T10:00:00.000Z',
          startDay: '2027-03-22',
          endDay: '2027-03-22',
          eventId: '5f0c2a8e-2d1b-4a37-9f3e-6c1d8b2a4e10',
          recurring: true,
          bookingId: null,
          status: null,
          clientId: null,
          clientName: null,
          projectId: null,
          projectName: null,
          invoiceId: null,
          invoiceNumber: null,
          location: null,
          videoUrl: null,
        },
      ],
    },
  });
export type CalendarEntries = z.infer<typeof CalendarEntries>;

/** Whether the provider has a private feed, and since when. */
export const CalendarFeedStatus = z
  .object({
    active: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }).nullable(),
    lastReadAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({
    id: 'CalendarFeedStatus',
    example: { active: true, createdAt: '2027-03-01T08:00:00.000Z', lastReadAt: '2027-03-02T06:12:00.000Z' },
  });
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatus>;

/** A new feed address: shown once (only its SHA-256 is stored). */
export const CalendarFeedCreated = z
  .object({ url: z.string(), createdAt: z.iso.datetime({ offset: true }) })
  .meta({
    id: 'CalendarFeedCreated',
    example: {
      url: 'https://portal.example.com/api/calendar/feed/5kq0d2VbqE0pX9mJw6yYH3o1Zt8cR4nL7aU2sF0gKeI.ics',
      createdAt: '2027-03-01T08:00:00.000Z',
    },
  });
export type CalendarFeedCreated = z.infer<typeof CalendarFeedCreated>;

/** `{file}` of the public feed: `<token>.ics`, the token 43 base64url characters. */
export const CalendarFeedFileParam = z.object({
  file: text({ error: 'validation.invalid' })
    .max(60, { error: 'validation.invalid' })
    .meta({
      param: { name: 'file', in: 'path' },
      example: '5kq0d2VbqE0pX9mJw6yYH3o1Zt8cR4nL7aU2sF0gKeI.ics',
    }),
});

/** `{eventId}`: one of the provider's events. */
export const CalendarEventIdParam = z.object({
  eventId: Uuid({ error: 'validation.invalid' }).meta({ param: { name: 'eventId', in: 'path' } }),
});
