import { createRequire } from 'node:module';
import { DateTime } from 'luxon';
import type { Options } from 'rrule';
import { MAX_OCCURRENCES_PER_YEAR } from '../../../shared/contracts/calendar';
import { ApiError } from '../../http/errors';

// `rrule` ships CommonJS (UMD) whose named exports Node's ESM loader cannot see: load it through require.
const { RRule, Frequency } = createRequire(import.meta.url)('rrule') as typeof import('rrule');

/**
 * Recurrence through the `rrule` library, never by hand. The library knows no time zones that hold across
 * DST (its `tzid` shifts by the offset of the first day), so the rule runs on "floating" time: the start's
 * wall clock in the event's zone written as if it were UTC; each occurrence's floating value is then read
 * back as wall clock in the zone (luxon), so a weekly 10:00 in Berlin stays at 10:00 across the switch. A
 * wall clock a spring-forward skips moves forward by the gap (luxon), as calendar apps do.
 */

/** What recurrence needs of an event (a row of `calendar_events`). */
export interface RecurringTimes {
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  allDay: boolean;
  rrule: string | null;
  exdates: readonly Date[];
}

/** The frequencies a rule may have: none that repeats within a day. */
const ALLOWED = new Set<number>([Frequency.YEARLY, Frequency.MONTHLY, Frequency.WEEKLY, Frequency.DAILY]);
/** Beyond this many occurrences a bounded series is treated as open-ended (`series_ends_at` NULL). */
const MAX_COUNTED = 5_000;

const floating = (dt: DateTime) =>
  new Date(Date.UTC(dt.year, dt.month - 1, dt.day, dt.hour, dt.minute, dt.second, dt.millisecond));
const wallClockIn = (d: Date, zone: string) =>
  DateTime.fromObject(
    {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
    },
    { zone },
  );

const invalid = (key = 'validation.calendarRrule') =>
  new ApiError('validation_failed', { fields: [{ path: 'rrule', key }] });

/** The rule's options, checked: a known frequency (daily or slower), no part that sets the time of day. */
function parse(value: string): Partial<Options> {
  const text = value.replace(/^RRULE:/i, '');
  let options: Partial<Options>;
  try {
    options = RRule.parseString(text);
  } catch {
    throw invalid();
  }
  if (options.freq === undefined || options.freq === null) throw invalid();
  if (!ALLOWED.has(options.freq)) throw invalid('validation.calendarRruleTooFrequent');
  if (options.byhour != null || options.byminute != null || options.bysecond != null)
    throw invalid('validation.calendarRruleTooFrequent');
  if (options.dtstart || options.tzid) throw invalid();
  const weekdays = Array.isArray(options.byweekday) ? options.byweekday : [options.byweekday];
  if (options.byweekday != null && weekdays.some((day) => day === undefined || day === null)) throw invalid();
  for (const n of [options.interval, options.count]) {
    if (n != null && (!Number.isInteger(n) || n < 1 || n > 10_000)) throw invalid();
  }
  if (options.until && Number.isNaN(options.until.getTime())) throw invalid();
  return options;
}

/** The event's start as floating time in its zone (all-day: midnight). */
const floatingStart = (event: Pick<RecurringTimes, 'startsAt' | 'timeZone'>) =>
  floating(DateTime.fromJSDate(event.startsAt, { zone: event.timeZone }));

/** The rule as the library runs it: from the floating start, UNTIL made floating in the zone too. */
function ruleOf(event: RecurringTimes & { rrule: string }) {
  const options = parse(event.rrule);
  if (options.until) {
    // Stored UNTIL: an instant (timed) or a day (all-day, midnight UTC meaning "through that day").
    options.until = event.allDay
      ? new Date(options.until.getTime() + 86_399_000)
      : floating(DateTime.fromJSDate(options.until, { zone: event.timeZone }));
  }
  return new RRule({ ...options, dtstart: floatingStart(event) });
}

/**
 * Checks a rule for an event and returns it normalised (the library's own spelling, UNTIL as an instant
 * for a timed event and as a day for an all-day one), with the end of its last occurrence (null: no end,
 * or more than 5,000 occurrences). Refused (422 on `rrule`): what the library cannot read, a frequency
 * within a day or a time-of-day part, more than 366 occurrences in its first year, a rule whose first
 * occurrence is not the event's start, a rule without any occurrence.
 */
export function checkRule(
  rrule: string,
  event: Omit<RecurringTimes, 'rrule' | 'exdates'>,
): { rrule: string; seriesEndsAt: Date | null } {
  const options = parse(rrule);
  if (options.until && !/UNTIL=\d{8}T/i.test(rrule) && !event.allDay) {
    // A day as UNTIL of a timed event: through the end of that day in the event's zone.
    const day = options.until;
    options.until = DateTime.fromObject(
      {
        year: day.getUTCFullYear(),
        month: day.getUTCMonth() + 1,
        day: day.getUTCDate(),
        hour: 23,
        minute: 59,
      },
      { zone: event.timeZone },
    ).toJSDate();
  } else if (options.until && event.allDay) {
    options.until = new Date(
      Date.UTC(options.until.getUTCFullYear(), options.until.getUTCMonth(), options.until.getUTCDate()),
    );
  }
  let normalised = RRule.optionsToString(options).replace(/^RRULE:/, '');
  if (event.allDay && options.until) {
    normalised = normalised.replace(/UNTIL=(\d{8})T\d{6}Z/, 'UNTIL=$1');
  }
  const times = { ...event, rrule: normalised, exdates: [] };
  const rule = ruleOf(times);
  const start = floatingStart(event);
  // Searched within ten years: a rule that never matches (30 February) would otherwise run to year 9999.
  const [first] = rule.between(start, new Date(start.getTime() + 3660 * 86_400_000), true, (_d, i) => i < 1);
  if (!first) throw invalid('validation.calendarRruleEmpty');
  if (first.getTime() !== start.getTime()) throw invalid('validation.calendarRruleStart');
  const yearLater = new Date(start.getTime() + 366 * 86_400_000 - 1);
  let inFirstYear = 0;
  rule.between(start, yearLater, true, () => ++inFirstYear <= MAX_OCCURRENCES_PER_YEAR);
  if (inFirstYear > MAX_OCCURRENCES_PER_YEAR) throw invalid('validation.calendarRruleTooFrequent');
  let seriesEndsAt: Date | null = null;
  if (options.count || options.until) {
    let last: Date | undefined;
    let n = 0;
    rule.all((date) => {
      last = date;
      return ++n <= MAX_COUNTED;
    });
    if (n <= MAX_COUNTED && last) seriesEndsAt = occurrenceAt(times, last).end;
  }
  return { rrule: normalised, seriesEndsAt };
}

/** The occurrence whose floating start is `at`: its real start in the zone and its end. */
function occurrenceAt(event: RecurringTimes, at: Date): { start: Date; end: Date } {
  const start = wallClockIn(at, event.timeZone);
  if (event.allDay) {
    const days = Math.round(
      DateTime.fromJSDate(event.endsAt, { zone: event.timeZone })
        .diff(DateTime.fromJSDate(event.startsAt, { zone: event.timeZone }), 'days')
        .as('days'),
    );
    return { start: start.toJSDate(), end: start.plus({ days }).toJSDate() };
  }
  return {
    start: start.toJSDate(),
    end: new Date(start.toMillis() + event.endsAt.getTime() - event.startsAt.getTime()),
  };
}

/**
 * The occurrences of an event that overlap [from, to), without its exceptions (`exdates`), in order.
 * A single event is its one occurrence.
 * @example occurrences(row, new Date('2027-03-01T00:00Z'), new Date('2027-04-01T00:00Z'))
 */
export function occurrences(event: RecurringTimes, from: Date, to: Date): { start: Date; end: Date }[] {
  if (!event.rrule) {
    return event.startsAt < to && event.endsAt > from ? [{ start: event.startsAt, end: event.endsAt }] : [];
  }
  const rule = ruleOf(event as RecurringTimes & { rrule: string });
  const length = event.endsAt.getTime() - event.startsAt.getTime();
  // Floating time differs from the real one by the zone's offset (under 15 h) and DST: a day of margin.
  const margin = length + 2 * 86_400_000;
  const excluded = new Set(event.exdates.map((d) => d.getTime()));
  return rule
    .between(new Date(from.getTime() - margin), new Date(to.getTime() + 86_400_000), true)
    .map((at) => occurrenceAt(event, at))
    .filter((o) => o.start < to && o.end > from && !excluded.has(o.start.getTime()));
}

/** Whether `start` is the start of one of the event's occurrences (exceptions included). */
export function isOccurrence(event: RecurringTimes, start: Date): boolean {
  return occurrences({ ...event, exdates: [] }, start, new Date(start.getTime() + 1)).some(
    (o) => o.start.getTime() === start.getTime(),
  );
}

/**
 * A series split at the occurrence starting at `at` (not its first): the rule of the part before it (UNTIL
 * just before `at`: the day before for an all-day event, a second before for a timed one; a COUNT becomes
 * that UNTIL) and the rule of the part from it on (a COUNT less the occurrences before `at`; exceptions
 * do not count, as in RFC 5545, where EXDATE removes occurrences after COUNT made them).
 */
export function splitRule(
  event: RecurringTimes & { rrule: string },
  at: Date,
): { before: string; from: string } {
  const parts = event.rrule.split(';').filter((p) => !/^(UNTIL|COUNT)=/i.test(p));
  const until = event.allDay
    ? DateTime.fromJSDate(at, { zone: event.timeZone }).minus({ days: 1 }).toFormat('yyyyLLdd')
    : DateTime.fromMillis(at.getTime() - 1000, { zone: 'utc' }).toFormat("yyyyLLdd'T'HHmmss'Z'");
  const before = [...parts, `UNTIL=${until}`].join(';');
  const { count } = parse(event.rrule);
  if (!count) return { before, from: event.rrule };
  const rule = ruleOf(event);
  const earlier =
    rule.between(floatingStart(event), floatingStart({ ...event, startsAt: at }), false).length + 1;
  return { before, from: [...parts, `COUNT=${Math.max(1, count - earlier)}`].join(';') };
}
