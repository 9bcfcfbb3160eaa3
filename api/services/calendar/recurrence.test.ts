import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors';
import { checkRule, isOccurrence, occurrences } from './recurrence';
import { instantsOf } from './times';

/** Wall-clock times of occurrences in a zone. */
const wall = (list: { start: Date }[], zone: string) =>
  list.map((o) => DateTime.fromJSDate(o.start, { zone }).toFormat("yyyy-LL-dd'T'HH:mm"));

function event(start: string, end: string, zone: string, rrule: string | null, allDay = false) {
  const times = instantsOf({ allDay, start, end, timeZone: zone });
  const rule = rrule ? checkRule(rrule, { ...times, timeZone: zone, allDay }) : null;
  return {
    ...times,
    timeZone: zone,
    allDay,
    rrule: rule?.rrule ?? null,
    exdates: [] as Date[],
    seriesEndsAt: rule?.seriesEndsAt,
  };
}

const fieldOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err.fields?.[0]?.key;
    throw err;
  }
  return 'accepted';
};

describe('recurrence', () => {
  it('keeps a weekly Berlin 10:00 at 10:00 across both DST changes (the UTC hour moves)', () => {
    const e = event('2027-03-22T10:00', '2027-03-22T11:00', 'Europe/Berlin', 'FREQ=WEEKLY;BYDAY=MO');
    const march = occurrences(e, new Date('2027-03-20T00:00Z'), new Date('2027-04-06T00:00Z'));
    expect(wall(march, 'Europe/Berlin')).toEqual([
      '2027-03-22T10:00',
      '2027-03-29T10:00',
      '2027-04-05T10:00',
    ]);
    // 28 March 2027 is the spring change: 09:00 UTC before, 08:00 UTC after.
    expect(march.map((o) => o.start.toISOString())).toEqual([
      '2027-03-22T09:00:00.000Z',
      '2027-03-29T08:00:00.000Z',
      '2027-04-05T08:00:00.000Z',
    ]);
    const october = occurrences(e, new Date('2027-10-25T00:00Z'), new Date('2027-11-02T00:00Z'));
    expect(october.map((o) => o.start.toISOString())).toEqual([
      '2027-10-25T08:00:00.000Z',
      '2027-11-01T09:00:00.000Z',
    ]);
    expect(october.every((o) => o.end.getTime() - o.start.getTime() === 3_600_000)).toBe(true);
  });

  it('keeps a daily New York 09:30 at 09:30 over the March and November changes', () => {
    const e = event('2027-03-12T09:30', '2027-03-12T10:00', 'America/New_York', 'FREQ=DAILY;COUNT=4');
    const list = occurrences(e, new Date('2027-03-01T00:00Z'), new Date('2027-04-01T00:00Z'));
    expect(wall(list, 'America/New_York')).toEqual([
      '2027-03-12T09:30',
      '2027-03-13T09:30',
      '2027-03-14T09:30',
      '2027-03-15T09:30',
    ]);
    expect(list.map((o) => o.start.toISOString().slice(11, 16))).toEqual([
      '14:30',
      '14:30',
      '13:30',
      '13:30',
    ]);
    expect(e.seriesEndsAt?.toISOString()).toBe('2027-03-15T14:00:00.000Z');
    const fall = event('2027-11-05T09:30', '2027-11-05T10:00', 'America/New_York', 'FREQ=DAILY');
    const nov = occurrences(fall, new Date('2027-11-06T00:00Z'), new Date('2027-11-09T00:00Z'));
    expect(nov.map((o) => o.start.toISOString())).toEqual([
      '2027-11-06T13:30:00.000Z',
      '2027-11-07T14:30:00.000Z',
      '2027-11-08T14:30:00.000Z',
    ]);
    expect(fall.seriesEndsAt).toBeNull();
  });

  it('moves a wall clock the spring change skips forward by the gap', () => {
    const e = event('2027-03-27T02:30', '2027-03-27T03:00', 'Europe/Berlin', 'FREQ=DAILY;COUNT=3');
    const list = occurrences(e, new Date('2027-03-26T00:00Z'), new Date('2027-03-31T00:00Z'));
    expect(wall(list, 'Europe/Berlin')).toEqual(['2027-03-27T02:30', '2027-03-28T03:30', '2027-03-29T02:30']);
  });

  it('leaves out the exceptions and says which starts are occurrences', () => {
    const e = event('2027-03-22T10:00', '2027-03-22T11:00', 'Europe/Berlin', 'FREQ=WEEKLY;COUNT=3');
    const second = new Date('2027-03-29T08:00:00.000Z');
    expect(isOccurrence(e, second)).toBe(true);
    expect(isOccurrence(e, new Date('2027-03-29T09:00:00.000Z'))).toBe(false);
    const list = occurrences(
      { ...e, exdates: [second] },
      new Date('2027-03-01T00:00Z'),
      new Date('2027-05-01T00:00Z'),
    );
    expect(list.map((o) => o.start.toISOString())).toEqual([
      '2027-03-22T09:00:00.000Z',
      '2027-04-05T08:00:00.000Z',
    ]);
  });

  it('repeats all-day events by day in their zone, UNTIL through its last day', () => {
    const e = event('2027-03-26', '2027-03-27', 'Europe/Berlin', 'FREQ=WEEKLY;UNTIL=20270409', true);
    expect(e.rrule).toBe('FREQ=WEEKLY;UNTIL=20270409');
    const list = occurrences(e, new Date('2027-03-01T00:00Z'), new Date('2027-05-01T00:00Z'));
    expect(wall(list, 'Europe/Berlin')).toEqual(['2027-03-26T00:00', '2027-04-02T00:00', '2027-04-09T00:00']);
    // Two days each, though the first spans the spring change (47 hours).
    expect(list.map((o) => DateTime.fromJSDate(o.end, { zone: 'Europe/Berlin' }).toISODate())).toEqual([
      '2027-03-28',
      '2027-04-04',
      '2027-04-11',
    ]);
  });

  it('reads a day as UNTIL of a timed event through the end of that day in its zone', () => {
    const e = event(
      '2027-03-22T10:00',
      '2027-03-22T11:00',
      'Europe/Berlin',
      'RRULE:FREQ=WEEKLY;UNTIL=20270405',
    );
    expect(e.rrule).toBe('FREQ=WEEKLY;UNTIL=20270405T215900Z');
    expect(e.seriesEndsAt?.toISOString()).toBe('2027-04-05T09:00:00.000Z');
  });

  it('refuses rules that repeat within a day, too often, never, or not from the start', () => {
    const times = instantsOf({
      allDay: false,
      start: '2027-03-22T10:00',
      end: '2027-03-22T11:00',
      timeZone: 'Europe/Berlin',
    });
    const check = (rule: string) =>
      fieldOf(() => checkRule(rule, { ...times, timeZone: 'Europe/Berlin', allDay: false }));
    expect(check('FREQ=HOURLY')).toBe('validation.calendarRruleTooFrequent');
    expect(check('FREQ=MINUTELY;COUNT=5')).toBe('validation.calendarRruleTooFrequent');
    expect(check('FREQ=SECONDLY')).toBe('validation.calendarRruleTooFrequent');
    expect(check('FREQ=DAILY;BYHOUR=9,10')).toBe('validation.calendarRruleTooFrequent');
    expect(check('FREQ=WEEKLY;BYDAY=XX')).toBe('validation.calendarRrule');
    expect(check('FREQ=SOMETIMES')).toBe('validation.calendarRrule');
    expect(check('BYDAY=MO')).toBe('validation.calendarRrule');
    expect(check('FREQ=WEEKLY;FOO=1')).toBe('validation.calendarRrule');
    expect(check('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30')).toBe('validation.calendarRruleEmpty');
    expect(check('FREQ=WEEKLY;BYDAY=TU')).toBe('validation.calendarRruleStart');
    expect(check('FREQ=DAILY')).toBe('accepted');
    expect(check('FREQ=WEEKLY;BYDAY=MO,WE,FR;INTERVAL=2')).toBe('accepted');
    expect(check('FREQ=MONTHLY;BYDAY=4MO')).toBe('accepted');
  });

  it('refuses end before start, too long events and keeps all-day spans by day', () => {
    const field = (input: Parameters<typeof instantsOf>[0]) => fieldOf(() => instantsOf(input));
    const z = 'Europe/Berlin';
    expect(field({ allDay: false, start: '2027-03-22T10:00', end: '2027-03-22T09:00', timeZone: z })).toBe(
      'validation.calendarEndBeforeStart',
    );
    expect(field({ allDay: false, start: '2027-03-01T10:00', end: '2027-03-15T10:01', timeZone: z })).toBe(
      'validation.calendarTooLong',
    );
    expect(field({ allDay: true, start: '2027-01-01', end: '2028-01-02', timeZone: z })).toBe(
      'validation.calendarAllDayTooLong',
    );
    expect(field({ allDay: false, start: '2027-02-30T10:00', end: '2027-03-01T10:00', timeZone: z })).toBe(
      'validation.calendarDateTime',
    );
    // 2 h of wall clock over the autumn change are 3 real hours: fine; 14 days of wall clock over the spring one too.
    const autumn = instantsOf({
      allDay: false,
      start: '2027-10-31T01:00',
      end: '2027-10-31T03:00',
      timeZone: z,
    });
    expect(autumn.endsAt.getTime() - autumn.startsAt.getTime()).toBe(3 * 3_600_000);
    const day = instantsOf({ allDay: true, start: '2027-03-28', end: '2027-03-28', timeZone: z });
    expect(day.endsAt.getTime() - day.startsAt.getTime()).toBe(23 * 3_600_000);
  });
});
