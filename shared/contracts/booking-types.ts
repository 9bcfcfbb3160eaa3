import { z } from 'zod';
import { DateOnly, text, Uuid } from './common';
import { PageQuery, pageOf } from './paging';
import { TimeZone } from './time-zone';

/*
 * Booking types (issue 30): what a client may book with the provider, and when. Availability is wall-clock
 * time in the type's `timeZone` (migration 0031):
 *   weeklyHours   `{ mon: [["09:00","12:00"], ["13:00","17:00"]], …, sun: [] }`: per weekday a list of
 *                 [start, end) "HH:MM" ranges, end "24:00" allowed (the day's end), sorted, not
 *                 overlapping (touching is fine: 09:00–12:00 and 12:00–13:00);
 *   overrides     one calendar day's hours instead of the weekly ones (`[]`: a day off, a holiday), for
 *                 every type (`bookingTypeId` null) or one.
 * The limits mirror the table's CHECK constraints; the server and the dashboard's form parse with these
 * same schemas (`parseWeeklyHours` for stored JSON).
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The table's limits (migration 0031), in one place for the contract, the form and the tests. */
export const BOOKING_LIMITS = {
  name: 120,
  description: 2000,
  location: 500,
  label: 120,
  duration: { min: 5, max: 480 },
  buffer: { min: 0, max: 240 },
  notice: { min: 0, max: 43_200 },
  horizonDays: { min: 1, max: 365 },
  dailyCap: { min: 1, max: 100 },
  interval: { min: 5, max: 240 },
  changeNotice: { min: 0, max: 43_200 },
  /** Ranges per day: more than a working day ever needs, few enough to keep a body small. */
  rangesPerDay: 12,
  /** Chosen clients per type. */
  clients: 500,
} as const;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes since midnight of "HH:MM" ("24:00" is 1440); NaN for anything else. */
export function minutesOf(time: string): number {
  if (time === '24:00') return 1440;
  if (!HHMM.test(time)) return Number.NaN;
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** "HH:MM" of minutes since midnight (1440 → "24:00"). */
export function timeOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const Time = text({ error: 'validation.bookingTimeInvalid' })
  .max(5, { error: 'validation.bookingTimeInvalid' })
  .refine((v) => !Number.isNaN(minutesOf(v)), { error: 'validation.bookingTimeInvalid' });

/** One [start, end) range of a day: "HH:MM" pairs, the end after the start ("24:00" only as an end). */
export const TimeRange = z
  .array(Time, { error: 'validation.bookingTimeInvalid' })
  .min(2, { error: 'validation.bookingTimeInvalid' })
  .max(2, { error: 'validation.bookingTimeInvalid' })
  .superRefine((range, ctx) => {
    const [start = '', end = ''] = range;
    if (start === '24:00') ctx.addIssue({ code: 'custom', message: 'validation.bookingTimeInvalid' });
    else if (minutesOf(end) <= minutesOf(start))
      ctx.addIssue({ code: 'custom', message: 'validation.bookingRangeOrder' });
  })
  .meta({ description: '[start, end) as "HH:MM"; the end may be "24:00".', example: ['09:00', '12:00'] });
export type TimeRange = [string, string];

/** A day's ranges: sorted by start on the way in, refused when two overlap. */
export const DayHours = z
  .array(TimeRange, { error: 'validation.bookingTimeInvalid' })
  .max(BOOKING_LIMITS.rangesPerDay, { error: 'validation.bookingTooManyRanges' })
  .transform((ranges) => [...(ranges as TimeRange[])].sort((a, b) => minutesOf(a[0]) - minutesOf(b[0])))
  .superRefine((ranges, ctx) => {
    for (let i = 1; i < ranges.length; i++) {
      const previous = ranges[i - 1] as TimeRange;
      if (minutesOf((ranges[i] as TimeRange)[0]) < minutesOf(previous[1])) {
        ctx.addIssue({ code: 'custom', message: 'validation.bookingRangesOverlap' });
        return;
      }
    }
  })
  .meta({ description: 'A day’s [start, end) ranges, not overlapping (returned sorted).' });
export type DayHours = TimeRange[];

/** The weekly availability: every weekday's ranges (an empty list: not available that weekday). */
/** Weekday office hours with a lunch break on Monday and a short Friday: the documentation's example. */
export const WEEKLY_HOURS_EXAMPLE = {
  mon: [
    ['09:00', '12:00'],
    ['13:00', '17:00'],
  ],
  tue: [['09:00', '17:00']],
  wed: [['09:00', '17:00']],
  thu: [['09:00', '17:00']],
  fri: [['09:00', '13:00']],
  sat: [],
  sun: [],
};

export const WeeklyHours = z
  .strictObject(
    Object.fromEntries(WEEKDAYS.map((day) => [day, DayHours])) as Record<Weekday, typeof DayHours>,
    { error: 'validation.bookingWeeklyHours' },
  )
  .meta({
    id: 'WeeklyHours',
    description:
      'Per weekday (`mon`…`sun`, all seven) the [start, end) "HH:MM" ranges in the type’s time zone; end "24:00" allowed; not overlapping.',
    example: WEEKLY_HOURS_EXAMPLE,
  });
export type WeeklyHours = Record<Weekday, DayHours>;

/** Weekly hours as the API answers them (already checked: no transforms in a response's schema). */
const StoredRange = z.array(text()).min(2).max(2);
export const WeeklyHoursView = z
  .object(
    Object.fromEntries(WEEKDAYS.map((day) => [day, z.array(StoredRange)])) as Record<
      Weekday,
      z.ZodArray<typeof StoredRange>
    >,
  )
  .meta({ id: 'WeeklyHoursView', description: 'Per weekday its sorted [start, end) "HH:MM" ranges.' });

/** Every weekday without hours. */
export const emptyWeeklyHours = (): WeeklyHours =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as WeeklyHours;

/**
 * Stored or sent weekly hours, checked and normalised (each day sorted), or null when they do not fit the
 * contract. What the slot calculator reads from `booking_types.weekly_hours`.
 * @example parseWeeklyHours({ ...emptyWeeklyHours(), mon: [['13:00', '17:00'], ['09:00', '12:00']] })?.mon
 *   // [['09:00','12:00'], ['13:00','17:00']]
 */
export function parseWeeklyHours(value: unknown): WeeklyHours | null {
  const parsed = WeeklyHours.safeParse(value);
  return parsed.success ? (parsed.data as WeeklyHours) : null;
}

/** A day's hours (an override's), checked and sorted, or null. */
export function parseDayHours(value: unknown): DayHours | null {
  const parsed = DayHours.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export const LocationKind = z
  .enum(['video', 'phone', 'in_person'], { error: 'validation.invalid' })
  .meta({ description: '`video` (a https link), `phone` (a number) or `in_person` (an address).' });
export type LocationKind = z.infer<typeof LocationKind>;

export const ClientScope = z
  .enum(['all', 'chosen'], { error: 'validation.invalid' })
  .meta({ description: '`all` of the provider’s clients may book it, or only the `chosen` ones.' });
export type BookingClientScope = z.infer<typeof ClientScope>;

/** Whether a video link is a https address (the only link a client is sent to). */
export function isHttpsLink(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** The rule between kind and location: a video link, when given, is https. The error key or null. */
export function locationProblem(kind: LocationKind | undefined, location: string | null | undefined) {
  return kind === 'video' && location && !isHttpsLink(location) ? 'validation.bookingVideoLink' : null;
}

const minutes = (range: { min: number; max: number }, error: string) =>
  z
    .number({ error })
    .int({ error })
    .min(range.min, { error })
    .max(range.max, { error })
    .meta({ format: 'int32' });

const BookingTypeFields = {
  name: text({ error: 'validation.bookingNameRequired' })
    .trim()
    .min(1, { error: 'validation.bookingNameRequired' })
    .max(BOOKING_LIMITS.name, { error: 'validation.bookingNameTooLong' }),
  description: text()
    .trim()
    .max(BOOKING_LIMITS.description, { error: 'validation.bookingDescriptionTooLong' })
    .nullable()
    .transform((v) => v || null),
  durationMinutes: minutes(BOOKING_LIMITS.duration, 'validation.bookingDuration').meta({
    description: 'How long a meeting lasts, 5 to 480 minutes.',
  }),
  locationKind: LocationKind,
  location: text()
    .trim()
    .max(BOOKING_LIMITS.location, { error: 'validation.bookingLocationTooLong' })
    .nullable()
    .transform((v) => v || null)
    .meta({
      description: 'The video link (https), phone number or address; shown to the client once booked.',
    }),
  timeZone: TimeZone,
  weeklyHours: WeeklyHours,
  bufferBeforeMinutes: minutes(BOOKING_LIMITS.buffer, 'validation.bookingBuffer').meta({
    description: 'Kept free before each meeting, 0 to 240 minutes.',
  }),
  bufferAfterMinutes: minutes(BOOKING_LIMITS.buffer, 'validation.bookingBuffer').meta({
    description: 'Kept free after each meeting, 0 to 240 minutes.',
  }),
  minNoticeMinutes: minutes(BOOKING_LIMITS.notice, 'validation.bookingNotice').meta({
    description: 'How long before its start a slot can still be booked, 0 to 43,200 minutes (30 days).',
  }),
  horizonDays: minutes(BOOKING_LIMITS.horizonDays, 'validation.bookingHorizon').meta({
    description: 'How many days ahead it can be booked, 1 to 365.',
  }),
  dailyCap: minutes(BOOKING_LIMITS.dailyCap, 'validation.bookingDailyCap')
    .nullable()
    .meta({ description: 'At most this many bookings of the type a day (1 to 100); null: no cap.' }),
  slotIntervalMinutes: minutes(BOOKING_LIMITS.interval, 'validation.bookingInterval').meta({
    description: 'Slots start every this many minutes, 5 to 240.',
  }),
  changeNoticeMinutes: minutes(BOOKING_LIMITS.changeNotice, 'validation.bookingChangeNotice').meta({
    description: 'Until how long before the start the client may reschedule or cancel, 0 to 43,200 minutes.',
  }),
  clientScope: ClientScope,
  clientIds: z
    .array(Uuid({ error: 'validation.invalid' }), { error: 'validation.invalid' })
    .max(BOOKING_LIMITS.clients, { error: 'validation.bookingTooManyClients' })
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))])
    .meta({
      description:
        'For `chosen`: the provider’s clients who may book it (another provider’s client answers 404). Replaces the list.',
    }),
  active: z
    .boolean({ error: 'validation.invalid' })
    .meta({ description: 'Inactive types cannot be booked.' }),
};

type FieldsIn = {
  locationKind?: LocationKind | undefined;
  location?: string | null | undefined;
  clientScope?: BookingClientScope | undefined;
  clientIds?: string[] | undefined;
};

/** Rules across fields: a https video link; `chosen` names at least one client. */
function checkFields(v: FieldsIn, ctx: z.RefinementCtx) {
  const problem = locationProblem(v.locationKind, v.location);
  if (problem) ctx.addIssue({ code: 'custom', path: ['location'], message: problem });
  if (v.clientScope === 'chosen' && v.clientIds !== undefined && v.clientIds.length === 0)
    ctx.addIssue({ code: 'custom', path: ['clientIds'], message: 'validation.bookingClientsRequired' });
}

/** A new booking type; unsent fields take the table's defaults, the zone the profile's (else UTC). */
export const BookingTypeCreate = z
  .object({
    ...BookingTypeFields,
    description: BookingTypeFields.description.optional().default(null),
    location: BookingTypeFields.location.optional().default(null),
    timeZone: TimeZone.optional().meta({
      description: 'Default: the provider profile’s time zone (else UTC).',
    }),
    bufferBeforeMinutes: BookingTypeFields.bufferBeforeMinutes.optional().default(0),
    bufferAfterMinutes: BookingTypeFields.bufferAfterMinutes.optional().default(0),
    minNoticeMinutes: BookingTypeFields.minNoticeMinutes.optional().default(240),
    horizonDays: BookingTypeFields.horizonDays.optional().default(60),
    dailyCap: BookingTypeFields.dailyCap.optional().default(null),
    slotIntervalMinutes: BookingTypeFields.slotIntervalMinutes.optional().default(30),
    changeNoticeMinutes: BookingTypeFields.changeNoticeMinutes.optional().default(1440),
    clientScope: ClientScope.optional().default('all'),
    clientIds: BookingTypeFields.clientIds.optional().default([]),
    active: BookingTypeFields.active.optional().default(true),
  })
  .superRefine(checkFields)
  .meta({ id: 'BookingTypeCreate' });
export type BookingTypeCreate = z.input<typeof BookingTypeCreate>;

/** Changes: only the fields sent; `clientIds` replaces the chosen clients. */
export const BookingTypeUpdate = z
  .object(BookingTypeFields)
  .partial()
  .superRefine(checkFields)
  .meta({ id: 'BookingTypeUpdate' });
export type BookingTypeUpdate = z.input<typeof BookingTypeUpdate>;

export const BookingType = z
  .object({
    id: Uuid(),
    name: text(),
    description: text().nullable(),
    durationMinutes: z.number().int(),
    locationKind: LocationKind,
    location: text().nullable(),
    timeZone: text(),
    weeklyHours: WeeklyHoursView,
    bufferBeforeMinutes: z.number().int(),
    bufferAfterMinutes: z.number().int(),
    minNoticeMinutes: z.number().int(),
    horizonDays: z.number().int(),
    dailyCap: z.number().int().nullable(),
    slotIntervalMinutes: z.number().int(),
    changeNoticeMinutes: z.number().int(),
    clientScope: ClientScope,
    clients: z
      .array(z.object({ id: Uuid(), name: text() }))
      .meta({ description: 'For `chosen`: who may book it, by name; empty for `all`.' }),
    active: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'BookingType' });
export type BookingType = z.infer<typeof BookingType>;

export const BookingTypeListQuery = z.object({
  q: text().trim().max(200).optional().meta({ description: 'Searches the name (contains).' }),
  active: z
    .enum(['true', 'false'], { error: 'validation.invalid' })
    .optional()
    .meta({ description: 'Only active (`true`) or inactive (`false`) types.' }),
  ...PageQuery,
});
export type BookingTypeListQuery = z.input<typeof BookingTypeListQuery>;

export const BookingTypeList = pageOf(BookingType).meta({ id: 'BookingTypeList' });
export type BookingTypeList = z.infer<typeof BookingTypeList>;

// ── Date overrides and holidays ─────────────────────────────────────────────────────────────────────

const OverrideFields = {
  bookingTypeId: Uuid({ error: 'validation.invalid' })
    .nullable()
    .meta({ description: 'The one type it holds for; null: every type.' }),
  day: DateOnly.meta({ description: 'The calendar day (in each type’s zone) whose hours it replaces.' }),
  hours: DayHours.meta({ description: 'That day’s ranges instead of the weekly ones; `[]`: a day off.' }),
  label: text()
    .trim()
    .max(BOOKING_LIMITS.label, { error: 'validation.bookingLabelTooLong' })
    .nullable()
    .transform((v) => v || null)
    .meta({ description: 'What the day is, e.g. “Christmas”.' }),
};

export const BookingOverrideCreate = z
  .object({
    ...OverrideFields,
    bookingTypeId: OverrideFields.bookingTypeId.optional().default(null),
    hours: OverrideFields.hours.optional().default([]),
    label: OverrideFields.label.optional().default(null),
  })
  .meta({ id: 'BookingOverrideCreate' });
export type BookingOverrideCreate = z.input<typeof BookingOverrideCreate>;

export const BookingOverrideUpdate = z.object(OverrideFields).partial().meta({ id: 'BookingOverrideUpdate' });
export type BookingOverrideUpdate = z.input<typeof BookingOverrideUpdate>;

export const BookingOverride = z
  .object({
    id: Uuid(),
    bookingTypeId: Uuid().nullable(),
    bookingTypeName: text().nullable(),
    day: text(),
    hours: z.array(StoredRange),
    label: text().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'BookingOverride' });
export type BookingOverride = z.infer<typeof BookingOverride>;

export const BookingOverrideListQuery = z.object({
  bookingTypeId: Uuid({ error: 'validation.invalid' })
    .optional()
    .meta({ description: 'That type’s overrides and those for every type.' }),
  from: DateOnly.optional().meta({ description: 'Days on or after this one (e.g. today).' }),
  ...PageQuery,
});
export type BookingOverrideListQuery = z.input<typeof BookingOverrideListQuery>;

export const BookingOverrideList = pageOf(BookingOverride).meta({ id: 'BookingOverrideList' });
export type BookingOverrideList = z.infer<typeof BookingOverrideList>;
