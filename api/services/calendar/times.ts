import { DateTime } from 'luxon';
import { eventTimeIssues, MAX_TIMED_EVENT_HOURS } from '../../../shared/contracts/calendar';
import { ApiError } from '../../http/errors';

/** Wall-clock input of an event: timed `YYYY-MM-DDTHH:mm`, all-day `YYYY-MM-DD` (end: the last day). */
export interface WallClockTimes {
  allDay: boolean;
  start: string;
  end: string;
  timeZone: string;
}

const fieldError = (path: string, key: string) =>
  new ApiError('validation_failed', { fields: [{ path, key }] });

/**
 * The instants of an event entered as wall clock in its zone: a timed event's start and end (a time a
 * spring-forward skips moves on by the gap); an all-day event from the first day's midnight to the
 * midnight after its last day. Refused (422): what the contract's checks refuse, and a timed event that
 * ends before it starts or lasts over 14 days in real time (a DST change can make the wall clock differ).
 */
export function instantsOf(input: WallClockTimes): { startsAt: Date; endsAt: Date } {
  const issue = eventTimeIssues(input)[0];
  if (issue) throw fieldError(issue.path, issue.message);
  const zone = input.timeZone;
  if (input.allDay) {
    const start = DateTime.fromISO(input.start, { zone }).startOf('day');
    const end = DateTime.fromISO(input.end, { zone }).startOf('day').plus({ days: 1 });
    return { startsAt: start.toJSDate(), endsAt: end.toJSDate() };
  }
  const start = DateTime.fromISO(input.start, { zone });
  const end = DateTime.fromISO(input.end, { zone });
  if (!start.isValid || !end.isValid) throw fieldError('start', 'validation.calendarDateTime');
  if (end.toMillis() <= start.toMillis()) throw fieldError('end', 'validation.calendarEndBeforeStart');
  if (end.toMillis() - start.toMillis() > MAX_TIMED_EVENT_HOURS * 3_600_000)
    throw fieldError('end', 'validation.calendarTooLong');
  return { startsAt: start.toJSDate(), endsAt: end.toJSDate() };
}

/** An event's instants back as the wall clock it was entered in (all-day: its first and last day). */
export function wallClockOf(row: { allDay: boolean; startsAt: Date; endsAt: Date; timeZone: string }) {
  const start = DateTime.fromJSDate(row.startsAt, { zone: row.timeZone });
  const end = DateTime.fromJSDate(row.endsAt, { zone: row.timeZone });
  return row.allDay
    ? { start: start.toISODate() ?? '', end: end.minus({ days: 1 }).toISODate() ?? '' }
    : { start: start.toFormat("yyyy-LL-dd'T'HH:mm"), end: end.toFormat("yyyy-LL-dd'T'HH:mm") };
}

/** The day (`YYYY-MM-DD`) an instant falls on in a zone. */
export const dayIn = (at: Date, zone: string) => DateTime.fromJSDate(at, { zone }).toISODate() ?? '';

/** Midnight starting `day` in `zone`. */
export const midnightOf = (day: string, zone: string) =>
  DateTime.fromISO(day, { zone }).startOf('day').toJSDate();
