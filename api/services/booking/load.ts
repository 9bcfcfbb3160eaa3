import { ownedBy, type Scope, tenant } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import { ApiError } from '../../http/errors';
import { googleBusyIntervals } from '../../integrations/google-calendar/busy';
import { eventBusyIntervals } from '../calendar/busy';
import { computeSlots, type DayHours, type Interval, type SlotRules, type WeeklyHours } from './slots';

/*
 * What the slot calculator needs from the database: a booking type's rules, everything that blocks the
 * provider's time, and the bookings per day for the cap. Every read is scoped by the caller.
 */

/** A booking type's row as the booking services read it. */
export interface BookingTypeRow {
  id: string;
  name: string;
  description: string | null;
  duration_minutes: number;
  location_kind: 'video' | 'phone' | 'in_person';
  location: string | null;
  time_zone: string;
  weekly_hours: WeeklyHours;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  min_notice_minutes: number;
  horizon_days: number;
  daily_cap: number | null;
  slot_interval_minutes: number;
  change_notice_minutes: number;
}

const TYPE_COLUMNS = (sql: Sql | Tx) =>
  sql`t.id, t.name, t.description, t.duration_minutes, t.location_kind, t.location, t.time_zone, t.weekly_hours,
      t.buffer_before_minutes, t.buffer_after_minutes, t.min_notice_minutes, t.horizon_days, t.daily_cap,
      t.slot_interval_minutes, t.change_notice_minutes`;

/**
 * The condition "the scope may book type `t`": the provider's own types (any, active or not) for a provider;
 * for a client, active types whose scope is all clients or lists this client.
 */
export function bookableBy(sql: Sql | Tx, scope: Scope) {
  const owned = ownedBy(sql, scope, 't.provider_id');
  if (scope.kind === 'provider') return owned;
  return sql`${owned} AND t.active AND (t.client_scope = 'all' OR EXISTS (
    SELECT 1 FROM booking_type_clients btc
    WHERE ${tenant(sql, scope, { provider: 'btc.provider_id', client: 'btc.client_id' })}
      AND btc.booking_type_id = t.id))`;
}

/** The booking types the client may book, by name. */
export async function bookableTypes(sql: Sql | Tx, scope: Scope): Promise<BookingTypeRow[]> {
  return sql<BookingTypeRow[]>`
    SELECT ${TYPE_COLUMNS(sql)} FROM booking_types t
    WHERE ${bookableBy(sql, scope)} ORDER BY lower(t.name), t.id`;
}

/** One type the scope may book, or 404. */
export async function loadBookingType(sql: Sql | Tx, scope: Scope, typeId: string): Promise<BookingTypeRow> {
  const [row] = await sql<BookingTypeRow[]>`
    SELECT ${TYPE_COLUMNS(sql)} FROM booking_types t WHERE ${bookableBy(sql, scope)} AND t.id = ${typeId}`;
  if (!row) throw new ApiError('not_found');
  return row;
}

/**
 * One of the provider's types whatever its state or client scope, or 404: a booking made keeps to its type
 * (a reschedule after the provider narrowed who may book it, the next slots after a refusal).
 */
export async function loadOwnType(sql: Sql | Tx, scope: Scope, typeId: string): Promise<BookingTypeRow> {
  const [row] = await sql<BookingTypeRow[]>`
    SELECT ${TYPE_COLUMNS(sql)} FROM booking_types t WHERE ${ownedBy(sql, scope, 't.provider_id')} AND t.id = ${typeId}`;
  if (!row) throw new ApiError('not_found');
  return row;
}

/** The calculator's rules of a type, with its date overrides (its own over the provider's for every type). */
export async function loadRules(
  sql: Sql | Tx,
  scope: Scope,
  type: BookingTypeRow,
  from: Date,
  to: Date,
): Promise<SlotRules> {
  const rows = await sql<{ day: string; hours: DayHours; own: boolean }[]>`
    SELECT to_char(o.day, 'YYYY-MM-DD') AS day, o.hours, o.booking_type_id IS NOT NULL AS own
    FROM booking_date_overrides o
    WHERE ${ownedBy(sql, scope, 'o.provider_id')}
      AND (o.booking_type_id IS NULL OR o.booking_type_id = ${type.id})
      AND o.day BETWEEN (${from}::timestamptz AT TIME ZONE ${type.time_zone})::date - 2
                    AND (${to}::timestamptz AT TIME ZONE ${type.time_zone})::date + 2
    ORDER BY own`;
  const overrides = new Map<string, DayHours>();
  for (const row of rows) overrides.set(row.day, row.hours);
  return {
    timeZone: type.time_zone,
    durationMinutes: type.duration_minutes,
    intervalMinutes: type.slot_interval_minutes,
    bufferBeforeMinutes: type.buffer_before_minutes,
    bufferAfterMinutes: type.buffer_after_minutes,
    minNoticeMinutes: type.min_notice_minutes,
    horizonDays: type.horizon_days,
    dailyCap: type.daily_cap,
    weeklyHours: type.weekly_hours,
    overrides,
  };
}

export interface BusyOptions {
  /** Leaves one booking out of what blocks (the one being rescheduled). */
  exceptBookingId?: string | undefined;
  /**
   * Busy times read before the transaction from outside the database: the provider's Google calendars
   * (`googleBusyIntervals`; an HTTP call never runs inside the booking's transaction and lock).
   */
  external?: readonly Interval[] | undefined;
}

/**
 * Everything that keeps the provider busy within [from, to): ONE place for every source, each one
 * statement (adding a source, e.g. the provider's calendar events or Google's free/busy, is one more
 * element of the list). Intervals may overlap; the calculator merges them.
 */
export async function loadBusy(
  tx: Sql | Tx,
  scope: Scope,
  from: Date,
  to: Date,
  options: BusyOptions = {},
): Promise<Interval[]> {
  const sources: Promise<Interval[]>[] = [
    confirmedBookings(tx, scope, from, to, options),
    // The provider's own timed events (recurring ones expanded; all-day events do not block).
    eventBusyIntervals(tx, scope.providerId, from, to),
  ];
  const external = (options.external ?? []).filter((i) => i.start < to && i.end > from);
  return [...(await Promise.all(sources)).flat(), ...external];
}

/**
 * Other confirmed bookings' blocked ranges (the meeting with its type's buffers), of every client of the
 * provider: through `app_busy_bookings` (0039), since a client's own transaction sees only their own
 * bookings under row-level security; it answers times only, of the scope's provider only. Read as epoch
 * milliseconds: a number is cheaper to make a Date of than the text of a timestamp.
 */
async function confirmedBookings(tx: Sql | Tx, scope: Scope, from: Date, to: Date, options: BusyOptions) {
  const rows = await tx<{ s: number; e: number }[]>`
    SELECT s, e FROM app_busy_bookings(${scope.providerId}, ${from}, ${to}, ${options.exceptBookingId ?? null})`;
  return rows.map((r) => ({ start: new Date(r.s), end: new Date(r.e) }));
}

/** Confirmed bookings of a type per date in the type's zone, for the daily cap. */
export async function loadDayCounts(
  tx: Sql | Tx,
  scope: Scope,
  type: Pick<BookingTypeRow, 'id' | 'time_zone'>,
  from: Date,
  to: Date,
  options: BusyOptions = {},
): Promise<Map<string, number>> {
  // Every client's bookings count (`app_booking_day_counts`, 0039: counts only, of the scope's provider).
  const rows = await tx<{ day: string; n: number }[]>`
    SELECT day, n FROM app_booking_day_counts(${scope.providerId}, ${type.id}, ${type.time_zone},
      ${new Date(from.getTime() - 2 * 86_400_000)}, ${new Date(to.getTime() + 2 * 86_400_000)},
      ${options.exceptBookingId ?? null})`;
  return new Map(rows.map((r) => [r.day, r.n]));
}

type BusyPadding = Pick<
  BookingTypeRow,
  'buffer_before_minutes' | 'buffer_after_minutes' | 'duration_minutes'
>;

/** What may block a slot starting in [from, to): the window widened by the buffers and the meeting's length. */
function busyWindow(type: BusyPadding, from: Date, to: Date): { from: Date; to: Date } {
  return {
    from: new Date(from.getTime() - type.buffer_before_minutes * 60_000),
    to: new Date(to.getTime() + (type.duration_minutes + type.buffer_after_minutes) * 60_000),
  };
}

/**
 * The slot starts of a type within [from, to), from fresh data: its rules, what blocks the provider around
 * the window (padded by the buffers and the duration) and the day counts.
 */
export async function slotsOf(
  tx: Sql | Tx,
  scope: Scope,
  type: BookingTypeRow,
  window: { from: Date; to: Date; now: Date },
  options: BusyOptions = {},
): Promise<Date[]> {
  const { from, to, now } = window;
  const busyAround = busyWindow(type, from, to);
  const [rules, busy, bookingsPerDay] = await Promise.all([
    loadRules(tx, scope, type, from, to),
    loadBusy(tx, scope, busyAround.from, busyAround.to, options),
    loadDayCounts(tx, scope, type, from, to, options),
  ]);
  return computeSlots(rules, { now, from, to, busy, bookingsPerDay });
}

/** What reading the provider's Google busy times needs. */
export type GoogleBusyDeps = Parameters<typeof googleBusyIntervals>[0];

/**
 * The provider's Google busy times around a type's window (padded by its buffers and duration): cached for
 * a slot list, `fresh` before a slot is confirmed. Read outside any transaction; none without a connection.
 */
export function externalBusy(
  deps: GoogleBusyDeps,
  scope: Scope,
  type: BusyPadding,
  from: Date,
  to: Date,
  options: { fresh?: boolean } = {},
): Promise<Interval[]> {
  const around = busyWindow(type, from, to);
  return googleBusyIntervals(deps, scope.providerId, around.from, around.to, options);
}
