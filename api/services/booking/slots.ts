import { DateTime, IANAZone } from 'luxon';

/**
 * The slot calculator (issue 30): which start times of a booking type can be booked. Pure: no database, no
 * clock; the caller gathers the busy times (`loadBusy`) and the day counts and passes `now`.
 *
 * Definitions (all proved against the minute-by-minute reference of `slots.property.test.ts`):
 * - **Availability** is a set of instants: t is available when its wall-clock date D in the type's zone has
 *   hours (the date override of D when there is one, else the weekly hours of D's weekday) with a range
 *   [a, b) holding t's wall-clock time ("24:00" is the end of D). Ranges of one day or of adjacent days
 *   that touch make one stretch.
 * - **Candidates** lie on each range's grid in wall-clock time: a, a + interval, a + 2·interval, … < b. A grid
 *   time that does not exist on D (a DST gap) is skipped; one that exists twice (the repeated hour when the
 *   clocks go back) gives both instants, earlier first.
 * - A candidate s is a **slot** when all of these hold:
 *   - the meeting [s, s + duration) lies inside availability;
 *   - [s − bufferBefore, s + duration + bufferAfter) overlaps no busy interval (other confirmed bookings'
 *     blocked ranges, the provider's events, Google busy times);
 *   - notice: s ≥ now + minNotice;
 *   - horizon: s < the start of today (wall clock in the type's zone) + horizonDays calendar days;
 *   - cap: fewer than dailyCap confirmed bookings of this type start on s's date in the type's zone;
 *   - window: from ≤ s < to.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A day's hours: sorted, non-overlapping [start, end) pairs of "HH:MM" wall-clock times ("24:00" allowed as an end). */
export type DayHours = ReadonlyArray<readonly [string, string]>;
export type WeeklyHours = Partial<Record<Weekday, DayHours>>;

export interface Interval {
  start: Date;
  end: Date;
}

/** A booking type's rules, as the calculator needs them. */
export interface SlotRules {
  timeZone: string;
  durationMinutes: number;
  intervalMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  /** null: no cap. */
  dailyCap: number | null;
  weeklyHours: WeeklyHours;
  /** Hours of single dates ("YYYY-MM-DD" in the type's zone) instead of the weekly ones; [] is a day off. */
  overrides: ReadonlyMap<string, DayHours>;
}

export interface SlotQuery {
  now: Date;
  /** The window the slot starts are asked for: [from, to). */
  from: Date;
  to: Date;
  /** Everything that blocks, in any order, overlapping allowed. */
  busy: readonly Interval[];
  /** Confirmed bookings of this type per date ("YYYY-MM-DD" in the type's zone), for the daily cap. */
  bookingsPerDay: ReadonlyMap<string, number>;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** "HH:MM" → minutes of the day (0–1440). */
export function wallMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

/** A zone's offsets around one calendar day: one offset, or two with the instant the second starts. */
interface DayOffsets {
  before: number;
  after: number;
  /** First instant (ms) with the `after` offset; only meaningful when before !== after. */
  switchAt: number;
}

/**
 * The offsets (minutes) in force around the local day starting at `dayUtc` (that date's 00:00 read as UTC).
 * Assumes at most one offset change within ±1.5 days of a day (true of every real zone).
 */
function offsetsAround(zone: IANAZone, dayUtc: number): DayOffsets {
  const lo0 = dayUtc - DAY / 2;
  const hi0 = dayUtc + DAY + DAY / 2;
  const before = zone.offset(lo0);
  const after = zone.offset(hi0);
  if (before === after) return { before, after, switchAt: lo0 };
  let lo = lo0;
  let hi = hi0;
  // Binary search to the minute: offsets change on whole minutes.
  while (hi - lo > MINUTE) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
    if (zone.offset(mid) === before) lo = mid;
    else hi = mid;
  }
  return { before, after, switchAt: hi };
}

/** The instants whose wall-clock time is `minutes` into the local day `dayUtc`: 0 (a gap), 1, or 2 (repeated). */
function instantsOf(o: DayOffsets, dayUtc: number, minutes: number): number[] {
  const naive = dayUtc + minutes * MINUTE;
  if (o.before === o.after) return [naive - o.before * MINUTE];
  const out: number[] = [];
  const first = naive - o.before * MINUTE;
  if (first < o.switchAt) out.push(first);
  const second = naive - o.after * MINUTE;
  if (second >= o.switchAt) out.push(second);
  return out;
}

/** The instants whose wall-clock time on local day `dayUtc` lies in [a, b) minutes: up to two intervals. */
function stretchesOf(o: DayOffsets, dayUtc: number, a: number, b: number): Array<[number, number]> {
  const lo = dayUtc + a * MINUTE;
  const hi = dayUtc + b * MINUTE;
  if (o.before === o.after) return [[lo - o.before * MINUTE, hi - o.before * MINUTE]];
  const out: Array<[number, number]> = [];
  const s1 = lo - o.before * MINUTE;
  const e1 = Math.min(hi - o.before * MINUTE, o.switchAt);
  if (s1 < e1) out.push([s1, e1]);
  const s2 = Math.max(lo - o.after * MINUTE, o.switchAt);
  const e2 = hi - o.after * MINUTE;
  if (s2 < e2) out.push([s2, e2]);
  return out;
}

/** The local calendar date ("YYYY-MM-DD") of an instant in a zone. */
export function localDate(zone: IANAZone, ms: number): string {
  return new Date(ms + zone.offset(ms) * MINUTE).toISOString().slice(0, 10);
}

/** The hours of a local date: its override, else its weekday's. */
function hoursOf(rules: SlotRules, date: string, dayUtc: number): DayHours {
  const override = rules.overrides.get(date);
  if (override) return override;
  const weekday = WEEKDAYS[(new Date(dayUtc).getUTCDay() + 6) % 7] as Weekday;
  return rules.weeklyHours[weekday] ?? [];
}

/** Merges sorted-or-not intervals into sorted, disjoint ones (touching ones joined). */
function merge(intervals: Array<[number, number]>): Array<[number, number]> {
  intervals.sort((x, y) => x[0] - y[0]);
  const out: Array<[number, number]> = [];
  for (const [s, e] of intervals) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** Index of the last interval starting at or before `t` (-1 if none). */
function lastStartingBy(intervals: Array<[number, number]>, t: number): number {
  let lo = 0;
  let hi = intervals.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((intervals[mid] as [number, number])[0] <= t) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The end of the horizon: the start of today in the type's zone plus `horizonDays` calendar days. */
export function horizonEnd(rules: Pick<SlotRules, 'timeZone' | 'horizonDays'>, now: Date): Date {
  return DateTime.fromJSDate(now, { zone: rules.timeZone })
    .startOf('day')
    .plus({ days: rules.horizonDays })
    .toJSDate();
}

/**
 * The bookable slot starts of a type in a window, sorted, as defined at the top of this module.
 * @example computeSlots(rules, { now, from, to, busy: await loadBusy(tx, providerId, from, to), bookingsPerDay })
 */
export function computeSlots(rules: SlotRules, query: SlotQuery): Date[] {
  const zone = IANAZone.create(rules.timeZone);
  if (!zone.isValid) throw new RangeError(`unknown time zone ${rules.timeZone}`);
  const duration = rules.durationMinutes * MINUTE;
  const earliest = Math.max(query.from.getTime(), query.now.getTime() + rules.minNoticeMinutes * MINUTE);
  const latest = Math.min(query.to.getTime(), horizonEnd(rules, query.now).getTime());
  if (earliest >= latest) return [];

  // Local days whose candidates may start in [earliest, latest), and one more each side for stretches that
  // continue across midnight.
  const firstDay = Date.parse(localDate(zone, earliest)) - DAY;
  const lastDay = Date.parse(localDate(zone, latest)) + DAY;
  const available: Array<[number, number]> = [];
  const candidates: Array<{ at: number; date: string }> = [];
  for (let day = firstDay; day <= lastDay; day += DAY) {
    const date = new Date(day).toISOString().slice(0, 10);
    const hours = hoursOf(rules, date, day);
    if (hours.length === 0) continue;
    const offsets = offsetsAround(zone, day);
    for (const [from, to] of hours) {
      const a = wallMinutes(from);
      const b = wallMinutes(to);
      available.push(...stretchesOf(offsets, day, a, b));
      for (let w = a; w < b; w += rules.intervalMinutes) {
        for (const at of instantsOf(offsets, day, w)) {
          if (at >= earliest && at < latest) candidates.push({ at, date });
        }
      }
    }
  }
  const stretches = merge(available);
  const busy = merge(query.busy.map((i) => [i.start.getTime(), i.end.getTime()] as [number, number]));
  const before = rules.bufferBeforeMinutes * MINUTE;
  const after = rules.bufferAfterMinutes * MINUTE;

  const slots: number[] = [];
  for (const { at, date } of candidates) {
    const stretch = stretches[lastStartingBy(stretches, at)];
    if (!stretch || stretch[1] < at + duration) continue;
    const blockFrom = at - before;
    const blockUntil = at + duration + after;
    // The busy interval starting last before blockUntil is the only one that can overlap (they are disjoint).
    const hit = busy[lastStartingBy(busy, blockUntil - 1)];
    if (hit && hit[1] > blockFrom) continue;
    if (rules.dailyCap !== null && (query.bookingsPerDay.get(date) ?? 0) >= rules.dailyCap) continue;
    slots.push(at);
  }
  slots.sort((x, y) => x - y);
  return slots.filter((s, i) => i === 0 || s !== slots[i - 1]).map((s) => new Date(s));
}

/** Whether `start` is one of the type's slots (the same rules; a window of just that instant). */
export function isSlot(rules: SlotRules, query: Omit<SlotQuery, 'from' | 'to'>, start: Date): boolean {
  return computeSlots(rules, { ...query, from: start, to: new Date(start.getTime() + 1) }).length === 1;
}
