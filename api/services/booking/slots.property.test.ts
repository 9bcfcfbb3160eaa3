import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  computeSlots,
  type DayHours,
  horizonEnd,
  type Interval,
  isSlot,
  type SlotQuery,
  type SlotRules,
  WEEKDAYS,
  type WeeklyHours,
  wallMinutes,
} from './slots';

/*
 * The calculator against a brute-force reference that walks the window minute by minute and reads every
 * minute's wall clock with luxon (the calculator itself uses offsets and a binary search for the switch), in
 * Europe/Berlin, America/New_York and Australia/Lord_Howe (a 30-minute DST), across both switches of 2026.
 */

const MINUTE = 60_000;

/** The reference: every definition of `slots.ts` read literally, one minute at a time. */
function reference(rules: SlotRules, q: SlotQuery): Date[] {
  const hoursOn = (date: string, weekday: number): DayHours =>
    rules.overrides.get(date) ?? rules.weeklyHours[WEEKDAYS[weekday - 1] as keyof WeeklyHours] ?? [];
  const local = (ms: number) => {
    const dt = DateTime.fromMillis(ms, { zone: rules.timeZone });
    return { date: dt.toISODate() as string, minutes: dt.hour * 60 + dt.minute, weekday: dt.weekday };
  };
  const cache = new Map<number, { available: boolean; onGrid: boolean; date: string }>();
  const at = (ms: number) => {
    let hit = cache.get(ms);
    if (!hit) {
      const l = local(ms);
      const ranges = hoursOn(l.date, l.weekday).map(([a, b]) => [wallMinutes(a), wallMinutes(b)] as const);
      hit = {
        date: l.date,
        available: ranges.some(([a, b]) => a <= l.minutes && l.minutes < b),
        onGrid: ranges.some(
          ([a, b]) => a <= l.minutes && l.minutes < b && (l.minutes - a) % rules.intervalMinutes === 0,
        ),
      };
      cache.set(ms, hit);
    }
    return hit;
  };
  const horizon = horizonEnd(rules, q.now).getTime();
  const out: Date[] = [];
  for (let m = Math.ceil(q.from.getTime() / MINUTE) * MINUTE; m < q.to.getTime(); m += MINUTE) {
    const here = at(m);
    if (!here.onGrid) continue;
    if (m < q.now.getTime() + rules.minNoticeMinutes * MINUTE || m >= horizon) continue;
    let inside = true;
    for (let k = 0; k < rules.durationMinutes && inside; k++) inside = at(m + k * MINUTE).available;
    if (!inside) continue;
    const bf = m - rules.bufferBeforeMinutes * MINUTE;
    const bu = m + (rules.durationMinutes + rules.bufferAfterMinutes) * MINUTE;
    if (q.busy.some((b) => b.start.getTime() < bu && b.end.getTime() > bf)) continue;
    if (rules.dailyCap !== null && (q.bookingsPerDay.get(here.date) ?? 0) >= rules.dailyCap) continue;
    out.push(new Date(m));
  }
  return out;
}

/** The days clocks change in 2026 (local dates), and a plain day. */
const SWITCHES: Record<string, string[]> = {
  'Europe/Berlin': ['2026-03-29', '2026-10-25', '2026-07-14'],
  'America/New_York': ['2026-03-08', '2026-11-01', '2026-07-14'],
  'Australia/Lord_Howe': ['2026-04-05', '2026-10-04', '2026-07-14'],
};

/** A day's hours: sorted distinct cut points, paired. Cut points near the switches' hours are likely. */
const dayHours: fc.Arbitrary<DayHours> = fc
  .uniqueArray(
    fc.oneof(
      fc.integer({ min: 0, max: 96 }).map((q) => q * 15),
      fc.integer({ min: 0, max: 48 }).map((q) => 60 + q * 5), // 01:00–05:00 in 5-minute steps
    ),
    { maxLength: 6 },
  )
  .map((points) => {
    const sorted = [...points].sort((a, b) => a - b);
    const hhmm = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const pairs: Array<readonly [string, string]> = [];
    for (let i = 0; i + 1 < sorted.length; i += 2)
      pairs.push([hhmm(sorted[i] as number), hhmm(sorted[i + 1] as number)]);
    return pairs;
  });

const scenario = fc.constantFrom(...Object.keys(SWITCHES)).chain((timeZone) =>
  fc.record({
    timeZone: fc.constant(timeZone),
    day: fc.constantFrom(...(SWITCHES[timeZone] as string[])),
    weekly: fc.array(dayHours, { minLength: 7, maxLength: 7 }),
    overrides: fc.array(fc.tuple(fc.integer({ min: -2, max: 2 }), dayHours), { maxLength: 2 }),
    durationMinutes: fc.integer({ min: 1, max: 36 }).map((n) => n * 5),
    intervalMinutes: fc.constantFrom(5, 10, 15, 20, 30, 45, 60),
    bufferBeforeMinutes: fc.constantFrom(0, 0, 5, 15, 30),
    bufferAfterMinutes: fc.constantFrom(0, 0, 10, 15, 45),
    minNoticeMinutes: fc.integer({ min: 0, max: 3000 }),
    horizonDays: fc.integer({ min: 1, max: 5 }),
    dailyCap: fc.option(fc.integer({ min: 1, max: 3 })),
    nowHours: fc.integer({ min: -60, max: 12 }),
    fromHours: fc.integer({ min: -30, max: 10 }),
    lengthHours: fc.integer({ min: 1, max: 60 }),
    busy: fc.array(
      fc.tuple(
        fc.integer({ min: -40 * 60, max: 40 * 60 }),
        fc.integer({ min: 1, max: 180 }),
        fc.integer({ min: 0, max: 59_999 }),
      ),
      { maxLength: 12 },
    ),
    counts: fc.array(fc.tuple(fc.integer({ min: -2, max: 2 }), fc.integer({ min: 0, max: 3 })), {
      maxLength: 4,
    }),
  }),
);

const plusDays = (date: string, days: number) =>
  new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);

describe('computeSlots', () => {
  it('equals the minute-by-minute reference around DST switches in three zones', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const noon = DateTime.fromISO(`${s.day}T12:00`, { zone: s.timeZone }).toMillis();
        const weeklyHours = Object.fromEntries(
          WEEKDAYS.map((d, i) => [d, s.weekly[i] as DayHours]),
        ) as WeeklyHours;
        const rules: SlotRules = {
          timeZone: s.timeZone,
          durationMinutes: s.durationMinutes,
          intervalMinutes: s.intervalMinutes,
          bufferBeforeMinutes: s.bufferBeforeMinutes,
          bufferAfterMinutes: s.bufferAfterMinutes,
          minNoticeMinutes: s.minNoticeMinutes,
          horizonDays: s.horizonDays,
          dailyCap: s.dailyCap,
          weeklyHours,
          overrides: new Map(s.overrides.map(([d, h]) => [plusDays(s.day, d), h])),
        };
        const from = new Date(noon + s.fromHours * 3_600_000 + 17_000);
        const busy: Interval[] = s.busy.map(([m, len, ms]) => ({
          start: new Date(noon + m * MINUTE + ms),
          end: new Date(noon + (m + len) * MINUTE + ms),
        }));
        const query: SlotQuery = {
          now: new Date(noon + s.nowHours * 3_600_000 + 123_456),
          from,
          to: new Date(from.getTime() + s.lengthHours * 3_600_000),
          busy,
          bookingsPerDay: new Map(s.counts.map(([d, n]) => [plusDays(s.day, d), n])),
        };
        const got = computeSlots(rules, query).map((d) => d.toISOString());
        expect(got).toEqual(reference(rules, query).map((d) => d.toISOString()));
        for (const slot of got.slice(0, 3)) expect(isSlot(rules, query, new Date(slot))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

const BASE: Omit<SlotRules, 'timeZone' | 'weeklyHours'> = {
  durationMinutes: 30,
  intervalMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minNoticeMinutes: 0,
  horizonDays: 365,
  dailyCap: null,
  overrides: new Map(),
};
const everyDay = (hours: DayHours): WeeklyHours => Object.fromEntries(WEEKDAYS.map((d) => [d, hours]));
const slotsOn = (rules: SlotRules, fromIso: string, toIso: string, busy: Interval[] = []) =>
  computeSlots(rules, {
    now: new Date('2026-03-01T00:00:00Z'),
    from: new Date(fromIso),
    to: new Date(toIso),
    busy,
    bookingsPerDay: new Map(),
  }).map((d) => d.toISOString());

describe('computeSlots on DST days', () => {
  it('skips the wall times Berlin does not have when it springs forward', () => {
    const rules = { ...BASE, timeZone: 'Europe/Berlin', weeklyHours: everyDay([['01:00', '04:00']]) };
    // 02:00–03:00 does not exist on 29 March 2026: 01:00, 01:30 (+01:00), then 03:00, 03:30 (+02:00).
    expect(slotsOn(rules, '2026-03-28T22:00:00Z', '2026-03-29T04:00:00Z')).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T00:30:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-03-29T01:30:00.000Z',
    ]);
  });

  it('offers the repeated hour twice in New York when the clocks go back', () => {
    const rules = { ...BASE, timeZone: 'America/New_York', weeklyHours: everyDay([['01:00', '02:00']]) };
    // 01:00–02:00 happens at −04:00 and again at −05:00 on 1 November 2026.
    expect(slotsOn(rules, '2026-11-01T00:00:00Z', '2026-11-01T12:00:00Z')).toEqual([
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T05:30:00.000Z',
      '2026-11-01T06:00:00.000Z',
      '2026-11-01T06:30:00.000Z',
    ]);
  });

  it('handles Lord Howe’s 30-minute switch', () => {
    const rules = {
      ...BASE,
      durationMinutes: 15,
      intervalMinutes: 15,
      timeZone: 'Australia/Lord_Howe',
      weeklyHours: everyDay([['01:30', '03:00']]),
    };
    // 4 October 2026: 02:00 (+10:30) becomes 02:30 (+11:00); 02:00 and 02:15 do not exist.
    expect(slotsOn(rules, '2026-10-03T12:00:00Z', '2026-10-03T18:00:00Z')).toEqual([
      '2026-10-03T15:00:00.000Z',
      '2026-10-03T15:15:00.000Z',
      '2026-10-03T15:30:00.000Z',
      '2026-10-03T15:45:00.000Z',
    ]);
  });

  it('keeps both buffers clear of a busy interval', () => {
    const rules = {
      ...BASE,
      timeZone: 'UTC',
      bufferBeforeMinutes: 15,
      bufferAfterMinutes: 15,
      weeklyHours: everyDay([['09:00', '12:00']]),
    };
    const busy = [{ start: new Date('2026-03-10T10:00:00Z'), end: new Date('2026-03-10T10:30:00Z') }];
    expect(slotsOn(rules, '2026-03-10T00:00:00Z', '2026-03-11T00:00:00Z', busy)).toEqual([
      '2026-03-10T09:00:00.000Z',
      '2026-03-10T11:00:00.000Z',
      '2026-03-10T11:30:00.000Z',
    ]);
  });
});
