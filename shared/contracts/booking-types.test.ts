import { describe, expect, it } from 'vitest';
import {
  BookingTypeCreate,
  BookingTypeUpdate,
  emptyWeeklyHours,
  isHttpsLink,
  minutesOf,
  parseDayHours,
  parseWeeklyHours,
  timeOfMinutes,
  type WeeklyHours,
} from './booking-types';

const week = (days: Partial<WeeklyHours>): WeeklyHours => ({ ...emptyWeeklyHours(), ...days });
const issuesOf = (value: unknown) => {
  const parsed = BookingTypeCreate.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};
const base = {
  name: 'Intro call',
  durationMinutes: 30,
  locationKind: 'video',
  weeklyHours: emptyWeeklyHours(),
};

describe('weekly hours', () => {
  it('accepts a working week and the day’s end "24:00"', () => {
    const hours = week({
      mon: [
        ['09:00', '12:00'],
        ['13:00', '17:00'],
      ],
      sat: [['18:00', '24:00']],
    });
    expect(parseWeeklyHours(hours)).toEqual(hours);
    expect(parseWeeklyHours(week({ sun: [['00:00', '24:00']] }))?.sun).toEqual([['00:00', '24:00']]);
  });

  it('sorts unsorted ranges and allows touching ones', () => {
    expect(
      parseDayHours([
        ['13:00', '17:00'],
        ['09:00', '13:00'],
      ]),
    ).toEqual([
      ['09:00', '13:00'],
      ['13:00', '17:00'],
    ]);
  });

  it('refuses overlapping ranges, sorted or not', () => {
    expect(
      parseDayHours([
        ['09:00', '12:00'],
        ['11:59', '13:00'],
      ]),
    ).toBeNull();
    expect(
      parseDayHours([
        ['11:00', '13:00'],
        ['09:00', '12:00'],
      ]),
    ).toBeNull();
    expect(
      parseDayHours([
        ['09:00', '17:00'],
        ['10:00', '11:00'],
      ]),
    ).toBeNull();
    const parsed = BookingTypeCreate.safeParse({
      ...base,
      weeklyHours: week({
        tue: [
          ['09:00', '10:00'],
          ['09:30', '11:00'],
        ],
      }),
    });
    expect(parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['weeklyHours.tue', 'validation.bookingRangesOverlap'],
    ]);
  });

  it('refuses an end not after its start, "24:00" as a start and times that are no times', () => {
    expect(parseDayHours([['12:00', '12:00']])).toBeNull();
    expect(parseDayHours([['12:00', '09:00']])).toBeNull();
    expect(parseDayHours([['24:00', '24:00']])).toBeNull();
    for (const bad of ['9:00', '24:01', '25:00', '12:60', '12:5', ' 12:00', '12:00:00', '']) {
      expect(parseDayHours([[bad, '23:00']]), bad).toBeNull();
      expect(parseDayHours([['00:00', bad]]), bad).toBeNull();
    }
    expect(parseDayHours([['09:00']])).toBeNull();
    expect(parseDayHours([['09:00', '10:00', '11:00']])).toBeNull();
  });

  it('needs all seven weekdays and nothing else', () => {
    const { sun: _sun, ...sixDays } = emptyWeeklyHours();
    expect(parseWeeklyHours(sixDays)).toBeNull();
    expect(parseWeeklyHours({ ...emptyWeeklyHours(), holiday: [] })).toBeNull();
    expect(parseWeeklyHours(null)).toBeNull();
    expect(parseWeeklyHours([])).toBeNull();
  });

  it('refuses more than 12 ranges a day', () => {
    const ranges = Array.from({ length: 13 }, (_, i) => [timeOfMinutes(i * 60), timeOfMinutes(i * 60 + 30)]);
    expect(parseDayHours(ranges.slice(0, 12))).not.toBeNull();
    expect(parseDayHours(ranges)).toBeNull();
  });

  it('reads and writes minutes', () => {
    expect(minutesOf('00:00')).toBe(0);
    expect(minutesOf('23:59')).toBe(1439);
    expect(minutesOf('24:00')).toBe(1440);
    expect(minutesOf('7:00')).toBeNaN();
    expect(timeOfMinutes(1440)).toBe('24:00');
    expect(timeOfMinutes(545)).toBe('09:05');
  });
});

describe('a booking type', () => {
  it('takes the table’s defaults', () => {
    expect(BookingTypeCreate.parse(base)).toMatchObject({
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      minNoticeMinutes: 240,
      horizonDays: 60,
      dailyCap: null,
      slotIntervalMinutes: 30,
      changeNoticeMinutes: 1440,
      clientScope: 'all',
      clientIds: [],
      active: true,
      description: null,
      location: null,
    });
  });

  it('mirrors every limit of the table', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, 'name:validation.bookingNameRequired'],
      [{ name: 'x'.repeat(121) }, 'name:validation.bookingNameTooLong'],
      [{ description: 'x'.repeat(2001) }, 'description:validation.bookingDescriptionTooLong'],
      [{ durationMinutes: 4 }, 'durationMinutes:validation.bookingDuration'],
      [{ durationMinutes: 481 }, 'durationMinutes:validation.bookingDuration'],
      [{ durationMinutes: 30.5 }, 'durationMinutes:validation.bookingDuration'],
      [{ bufferBeforeMinutes: -1 }, 'bufferBeforeMinutes:validation.bookingBuffer'],
      [{ bufferAfterMinutes: 241 }, 'bufferAfterMinutes:validation.bookingBuffer'],
      [{ minNoticeMinutes: 43_201 }, 'minNoticeMinutes:validation.bookingNotice'],
      [{ horizonDays: 0 }, 'horizonDays:validation.bookingHorizon'],
      [{ horizonDays: 366 }, 'horizonDays:validation.bookingHorizon'],
      [{ dailyCap: 0 }, 'dailyCap:validation.bookingDailyCap'],
      [{ dailyCap: 101 }, 'dailyCap:validation.bookingDailyCap'],
      [{ slotIntervalMinutes: 4 }, 'slotIntervalMinutes:validation.bookingInterval'],
      [{ changeNoticeMinutes: 43_201 }, 'changeNoticeMinutes:validation.bookingChangeNotice'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone:validation.timeZoneInvalid'],
      [{ location: 'http://meet.example.com/x' }, 'location:validation.bookingVideoLink'],
      [{ location: 'javascript:alert(1)' }, 'location:validation.bookingVideoLink'],
      [{ clientScope: 'chosen' }, 'clientIds:validation.bookingClientsRequired'],
      [{ locationKind: 'carrier_pigeon' }, 'locationKind:validation.invalid'],
    ];
    for (const [change, issue] of cases) expect(issuesOf({ ...base, ...change }), issue).toEqual([issue]);
    expect(issuesOf({ ...base, dailyCap: 100, horizonDays: 365, durationMinutes: 480 })).toEqual([]);
  });

  it('lets a phone number or an address be any text, and a video link only https', () => {
    expect(issuesOf({ ...base, locationKind: 'phone', location: '+49 30 1234567' })).toEqual([]);
    expect(issuesOf({ ...base, locationKind: 'in_person', location: 'Hauptstraße 1, Berlin' })).toEqual([]);
    expect(isHttpsLink('https://meet.example.com/abc')).toBe(true);
    expect(isHttpsLink('https://')).toBe(false);
  });

  it('drops repeated chosen clients', () => {
    const id = '0b5a3c1e-8f52-4a53-9d0e-2f0b7f1f6a10';
    const parsed = BookingTypeCreate.parse({
      ...base,
      clientScope: 'chosen',
      clientIds: [id, id.toUpperCase()],
    });
    expect(parsed.clientIds).toEqual([id]);
  });

  it('checks a change’s own fields only', () => {
    expect(BookingTypeUpdate.safeParse({ active: false }).success).toBe(true);
    expect(BookingTypeUpdate.safeParse({ clientScope: 'chosen', clientIds: [] }).success).toBe(false);
    expect(BookingTypeUpdate.safeParse({ locationKind: 'video', location: 'ftp://x' }).success).toBe(false);
  });
});
