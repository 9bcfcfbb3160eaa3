import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  addMonthsClamped,
  daysBetween,
  firstPeriodFrom,
  periodExists,
  periodOf,
  periodStart,
  RecurringInvoiceCreate,
  type ScheduleTiming,
  upcomingDates,
} from './recurring';

/*
 * The calendar arithmetic of recurring invoices (issue 28): anchored on the start day (no drift across
 * short months), leap years, periods that tile the calendar without gaps or overlaps, never more than one
 * invoice a day. Days are `YYYY-MM-DD` strings computed in UTC, so the machine's time zone and its daylight
 * saving time cannot move them (checked against an independent day count).
 */

const lastDayOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

const day = fc
  .record({
    y: fc.integer({ min: 1900, max: 2400 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 31 }),
  })
  .map(
    ({ y, m, d }) =>
      `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastDayOf(y, m))).padStart(2, '0')}`,
  );

const timing: fc.Arbitrary<ScheduleTiming> = fc.oneof(
  fc.record({
    frequency: fc.constantFrom('monthly' as const, 'quarterly' as const, 'yearly' as const),
    intervalDays: fc.constant(null),
    startDate: day,
    endDate: fc.constant(null),
  }),
  fc.record({
    frequency: fc.constant('days' as const),
    intervalDays: fc.integer({ min: 1, max: 400 }),
    startDate: day,
    endDate: fc.constant(null),
  }),
);

const MONTHS = { monthly: 1, quarterly: 3, yearly: 12 } as const;

describe('anchored months', () => {
  it('31 January → 28/29 February → 31 March, never drifting', () => {
    const s: ScheduleTiming = {
      frequency: 'monthly',
      intervalDays: null,
      startDate: '2025-01-31',
      endDate: null,
    };
    expect([0, 1, 2, 3, 4].map((k) => periodStart(s, k))).toEqual([
      '2025-01-31',
      '2025-02-28',
      '2025-03-31',
      '2025-04-30',
      '2025-05-31',
    ]);
    expect(periodStart({ ...s, startDate: '2024-01-31' }, 1)).toBe('2024-02-29');
    expect(periodOf(s, 0)).toEqual({ start: '2025-01-31', end: '2025-02-27' });
    expect(periodOf(s, 1)).toEqual({ start: '2025-02-28', end: '2025-03-30' });
  });

  it('a leap day yearly: 28 February in common years, 29 February again in leap years', () => {
    const s: ScheduleTiming = {
      frequency: 'yearly',
      intervalDays: null,
      startDate: '2024-02-29',
      endDate: null,
    };
    expect([0, 1, 2, 3, 4].map((k) => periodStart(s, k))).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
    expect(periodStart({ ...s, startDate: '2096-02-29' }, 4)).toBe('2100-02-28'); // 2100 is no leap year
    expect(periodStart({ ...s, startDate: '1996-02-29' }, 4)).toBe('2000-02-29'); // 2000 is one
  });

  it('quarterly from 30 November: 28/29 February, 30 May, 30 August', () => {
    const s: ScheduleTiming = {
      frequency: 'quarterly',
      intervalDays: null,
      startDate: '2027-11-30',
      endDate: null,
    };
    expect([0, 1, 2, 3].map((k) => periodStart(s, k))).toEqual([
      '2027-11-30',
      '2028-02-29',
      '2028-05-30',
      '2028-08-30',
    ]);
  });

  it('property: period k falls on the start day, or the month’s last day when it has fewer days', () => {
    fc.assert(
      fc.property(timing, fc.integer({ min: 0, max: 400 }), (s, k) => {
        fc.pre(s.frequency !== 'days');
        const start = periodStart(s, k);
        const months = k * MONTHS[s.frequency as keyof typeof MONTHS];
        const [sy, sm, sd] = s.startDate.split('-').map(Number) as [number, number, number];
        const [y, m, d] = start.split('-').map(Number) as [number, number, number];
        const total = sy * 12 + (sm - 1) + months;
        expect([y, m]).toEqual([Math.floor(total / 12), (total % 12) + 1]);
        expect(d).toBe(Math.min(sd, lastDayOf(y, m)));
        if (m === 2 && sd >= 29) expect(d).toBe(isLeap(y) ? 29 : 28);
      }),
    );
  });
});

describe('periods', () => {
  it('property: they tile the calendar: each starts the day after the last ended, at least a day long', () => {
    fc.assert(
      fc.property(timing, fc.integer({ min: 0, max: 300 }), (s, k) => {
        const a = periodOf(s, k);
        const b = periodOf(s, k + 1);
        expect(addCalendarDays(a.end, 1)).toBe(b.start);
        expect(a.start <= a.end).toBe(true);
        // Never two invoices a day: the next start is strictly later.
        expect(daysBetween(a.start, b.start)).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it('property: their lengths are a month’s, a quarter’s, a year’s or exactly the interval', () => {
    fc.assert(
      fc.property(timing, fc.integer({ min: 0, max: 300 }), (s, k) => {
        const { start, end } = periodOf(s, k);
        const length = daysBetween(start, end) + 1;
        const bounds =
          s.frequency === 'days'
            ? [s.intervalDays, s.intervalDays]
            : { monthly: [28, 31], quarterly: [89, 92], yearly: [365, 366] }[s.frequency];
        expect(length).toBeGreaterThanOrEqual(bounds[0] as number);
        expect(length).toBeLessThanOrEqual(bounds[1] as number);
      }),
    );
  });

  it('property: the day arithmetic agrees with a count of days since the epoch', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -100_000, max: 100_000 }), (d, n) => {
        const later = addCalendarDays(d, n);
        expect(daysBetween(d, later)).toBe(n);
        expect(
          Date.UTC(Number(later.slice(0, 4)), Number(later.slice(5, 7)) - 1, Number(later.slice(8))),
        ).toBe(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000);
      }),
    );
  });

  it('property: months added in one step or period by period land on the same day (no drift)', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 50 }), (d, a, b) => {
        // From the anchor, not from the previous date: a + b months is the sum of the steps' months.
        expect(addMonthsClamped(d, a + b)).toBe(
          periodStart({ frequency: 'monthly', intervalDays: null, startDate: d, endDate: null }, a + b),
        );
      }),
    );
  });

  it('property: the last period ends on the end date and none starts after it', () => {
    fc.assert(
      fc.property(timing, fc.integer({ min: 0, max: 2000 }), (t, span) => {
        const s = { ...t, endDate: addCalendarDays(t.startDate, span) };
        let k = 0;
        while (periodExists(s, k + 1)) k += 1;
        expect(periodOf(s, k).end).toBe(s.endDate);
        expect(periodStart(s, k + 1) > s.endDate).toBe(true);
        expect(upcomingDates(s, 0, 5000)).toHaveLength(k + 1);
      }),
    );
  });

  it('property: firstPeriodFrom is the first period starting on or after the day', () => {
    fc.assert(
      fc.property(timing, fc.integer({ min: -50, max: 20_000 }), (s, offset) => {
        const from = addCalendarDays(s.startDate, offset);
        const k = firstPeriodFrom(s, from);
        expect(periodStart(s, k) >= from).toBe(true);
        if (k > 0) expect(periodStart(s, k - 1) < from).toBe(true);
      }),
    );
  });
});

describe('the contract', () => {
  const base = {
    clientId: '0b5a3c1e-8f52-4a53-9d0e-2f0b7f1f6a10',
    frequency: 'days',
    startDate: '2027-01-01',
    lines: [{ description: 'x', quantityMilli: 1000, unitPriceCents: 100, taxRateBp: null }],
  };
  const issues = (body: Record<string, unknown>) =>
    (RecurringInvoiceCreate.safeParse({ ...base, ...body }).error?.issues ?? []).map((i) => [
      i.path.join('.'),
      i.message,
    ]);

  it('property: an interval under one day, or not a whole number of days, is refused', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ max: 0.999, noNaN: true }),
          fc.double({ min: 1.001, max: 3000, noNaN: true }).filter((n) => !Number.isInteger(n)),
        ),
        (n) => {
          expect(issues({ intervalDays: n })).toContainEqual([
            'intervalDays',
            'validation.recurringInterval',
          ]);
        },
      ),
    );
    expect(issues({ intervalDays: 1 })).toEqual([]);
    expect(issues({ intervalDays: null })).toContainEqual(['intervalDays', 'validation.recurringInterval']);
  });

  it('refuses an end before the start', () => {
    expect(issues({ intervalDays: 3, endDate: '2026-12-31' })).toContainEqual([
      'endDate',
      'validation.endBeforeStart',
    ]);
    expect(issues({ intervalDays: 3, endDate: '2027-01-01' })).toEqual([]);
  });
});
