import { randomUUID } from 'node:crypto';
import type { Booking, BookingCreate, BookingReschedule, Slot } from '../../../shared/contracts/bookings';
import { type ClientScope, type Scope, tenant } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import { ApiError } from '../../http/errors';
import { queueGoogleSync } from '../../integrations/google-calendar/sync';
import type { InvoiceDeps } from '../invoices/deps';
import { publishInvoiceActivity } from '../invoices/deps';
import { recordBookingActivity } from './activity';
import {
  type BookingTypeRow,
  type BusyOptions,
  externalBusy,
  loadBookingType,
  loadOwnType,
  loadRules,
  slotsOf,
} from './load';
import { queueBookingMails } from './mail';
import { computeSlots, horizonEnd } from './slots';
import { getBooking, readBooking } from './view';

/*
 * Booking, rescheduling and cancelling (issue 30). A write takes the provider's advisory lock for its
 * transaction, so two bookings of one provider are decided one after the other on fresh data: the slot is
 * computed again by the calculator (buffers, notice, horizon, cap, availability). The exclusion constraint
 * `bookings_no_overlap` stays the last word on the meeting times: its 23P01 answers 409 `slot_taken` too.
 */

export type BookingDeps = InvoiceDeps;

/** How many free slots a refusal offers instead. */
const NEXT_SLOTS = 5;
/**
 * How far after a refused start the provider's Google busy times are read again (fresh) for the check and
 * the next slots offered; later slots are offered on the database's data alone.
 */
const NEXT_SLOTS_WINDOW = 14 * 86_400_000;

/**
 * The provider's Google busy times from a start on, read fresh (never from the cache) before a slot is
 * confirmed, and outside the booking's transaction.
 */
async function freshExternalBusy(deps: BookingDeps, scope: Scope, typeId: string, start: Date) {
  const type = await loadOwnType(deps.sql, scope, typeId);
  return externalBusy(deps, scope, type, start, new Date(start.getTime() + NEXT_SLOTS_WINDOW), {
    fresh: true,
  });
}

/** Serialises the booking writes of one provider (released at the transaction's end). */
async function lockProvider(tx: Tx, scope: Scope) {
  await tx`SELECT pg_advisory_xact_lock(hashtextextended('booking:' || ${scope.providerId}::text, 0))`;
}

const isExclusionViolation = (err: unknown) => (err as { code?: string }).code === '23P01';

/** The next free slots of a type after `after` (up to its horizon), for a refusal's body. */
export async function nextSlots(
  sql: Sql | Tx,
  scope: Scope,
  type: BookingTypeRow,
  after: Date,
  now: Date,
  options: BusyOptions = {},
): Promise<Slot[]> {
  const from = new Date(Math.max(after.getTime(), now.getTime()));
  const end = horizonEnd({ timeZone: type.time_zone, horizonDays: type.horizon_days }, now);
  const found: Date[] = [];
  // Week by week until five are found or the horizon is reached.
  for (let start = from; found.length < NEXT_SLOTS && start < end; ) {
    const to = new Date(Math.min(start.getTime() + 7 * 86_400_000, end.getTime()));
    found.push(...(await slotsOf(sql, scope, type, { from: start, to, now }, options)));
    start = to;
  }
  return found.slice(0, NEXT_SLOTS).map((s) => slotOf(type, s));
}

const slotOf = (type: Pick<BookingTypeRow, 'duration_minutes'>, start: Date): Slot => ({
  startsAt: start.toISOString(),
  endsAt: new Date(start.getTime() + type.duration_minutes * 60_000).toISOString(),
});

/**
 * Refuses a start that is not a slot now: 409 `slot_taken` when only what blocks the provider (another
 * booking, an event) or the daily cap stands in its way, else 422 `slot_unavailable` (outside availability,
 * the notice or the horizon, off the grid); both with the next free slots.
 */
async function checkSlot(
  tx: Tx,
  scope: Scope,
  type: BookingTypeRow,
  start: Date,
  now: Date,
  options: BusyOptions,
) {
  const window = { from: start, to: new Date(start.getTime() + 1), now };
  const free = await slotsOf(tx, scope, type, window, options);
  if (free.length === 1) return;
  const rules = await loadRules(tx, scope, type, window.from, window.to);
  const unblocked = computeSlots(rules, { ...window, busy: [], bookingsPerDay: new Map() });
  const code = unblocked.length === 1 ? 'slot_taken' : 'slot_unavailable';
  throw new ApiError(code, {
    extra: { nextSlots: await nextSlots(tx, scope, type, start, now, options) },
  });
}

/** 409 `slot_taken` after the exclusion constraint refused a write (read outside the failed transaction). */
async function takenMeanwhile(
  deps: BookingDeps,
  scope: Scope,
  typeId: string,
  start: Date,
  exceptId?: string,
) {
  const type = await loadOwnType(deps.sql, scope, typeId);
  return new ApiError('slot_taken', {
    extra: {
      nextSlots: await nextSlots(deps.sql, scope, type, start, deps.now(), {
        exceptBookingId: exceptId,
        external: await externalBusy(deps, scope, type, start, new Date(start.getTime() + NEXT_SLOTS_WINDOW)),
      }),
    },
  });
}

/**
 * The signed-in client books a slot of a type they may book, optionally for one of their projects (404
 * otherwise), in ONE transaction under the provider's lock: the slot checked on fresh data, the row, the
 * `booking_created` activity, both confirmation e-mails with their invitation, in the languages of their
 * readers.
 */
/**
 * What follows every change of a booking, in its transaction: the activity (notifications, live events,
 * webhooks; its seq returned), the mails to both sides and the copy in the provider's Google calendar.
 */
async function recordBookingChange(
  deps: BookingDeps,
  tx: Tx,
  scope: Scope,
  bookingId: string,
  change: 'created' | 'rescheduled' | 'cancelled',
  actor: 'provider' | 'client',
  reason: string | null = null,
): Promise<number> {
  const booking = await readBooking(tx, scope, bookingId);
  const seq = await recordBookingActivity(
    tx,
    deps.jobs,
    scope.providerId,
    booking,
    `booking_${change}`,
    actor,
    reason,
  );
  await queueBookingMails(deps, tx, scope, booking, change, reason);
  await queueGoogleSync(deps, tx, { providerId: scope.providerId, source: 'booking', id: booking.id });
  return seq;
}

export async function createBooking(
  deps: BookingDeps,
  scope: ClientScope,
  input: BookingCreate,
): Promise<Booking> {
  const start = new Date(input.startsAt);
  // The type is read again (scoped to what the client may book) inside the transaction.
  const external = await freshExternalBusy(deps, scope, input.bookingTypeId, start);
  let result: { id: string; seq: number };
  try {
    result = await deps.sql.begin(async (tx) => {
      const type = await loadBookingType(tx, scope, input.bookingTypeId);
      if (input.projectId) {
        const [project] = await tx`
          SELECT 1 FROM projects p
          WHERE ${tenant(tx, scope, { provider: 'p.provider_id', client: 'p.client_id' })} AND p.id = ${input.projectId}`;
        if (!project) throw new ApiError('not_found');
      }
      await lockProvider(tx, scope);
      const now = deps.now();
      await checkSlot(tx, scope, type, start, now, { external });
      const end = new Date(start.getTime() + type.duration_minutes * 60_000);
      const host = new URL(deps.config.publicOrigin).hostname;
      const [row] = await tx<{ id: string }[]>`
        INSERT INTO bookings (provider_id, booking_type_id, client_id, project_id, starts_at, ends_at,
                              blocked_from, blocked_until, client_time_zone, title, location_kind, location,
                              note, uid, created_at, updated_at)
        VALUES (${scope.providerId}, ${type.id}, ${scope.clientId}, ${input.projectId ?? null}, ${start}, ${end},
                ${new Date(start.getTime() - type.buffer_before_minutes * 60_000)},
                ${new Date(end.getTime() + type.buffer_after_minutes * 60_000)},
                ${input.timeZone}, ${type.name}, ${type.location_kind}, ${type.location}, ${input.note || null},
                ${`${randomUUID()}@${host}`}, ${now}, ${now})
        RETURNING id`;
      const id = (row as { id: string }).id;
      const seq = await recordBookingChange(deps, tx, scope, id, 'created', 'client');
      return { id, seq };
    });
  } catch (err) {
    if (isExclusionViolation(err)) throw await takenMeanwhile(deps, scope, input.bookingTypeId, start);
    throw err;
  }
  await publishInvoiceActivity(deps, scope.providerId, [result.seq]);
  return getBooking(deps.sql, scope, result.id);
}

/** The booking row locked for a change, with the type (the provider's, active or not). */
async function lockedBooking(tx: Tx, scope: Scope, bookingId: string) {
  const [row] = await tx<{ id: string; booking_type_id: string; status: string; client_time_zone: string }[]>`
    SELECT b.id, b.booking_type_id, b.status, b.client_time_zone
    FROM bookings b
    WHERE ${tenant(tx, scope, { provider: 'b.provider_id', client: 'b.client_id' })} AND b.id = ${bookingId}
    FOR UPDATE OF b`;
  if (!row) throw new ApiError('not_found');
  if (row.status === 'cancelled') throw new ApiError('booking_cancelled');
  return row;
}

/** The client may change a booking only until the type's change notice before its start (422 otherwise). */
async function checkChangeNotice(tx: Tx, scope: Scope, bookingId: string, now: Date) {
  if (scope.kind !== 'client') return;
  const [row] = await tx<{ too_late: boolean }[]>`
    SELECT b.starts_at - make_interval(mins => t.change_notice_minutes) <= ${now} AS too_late
    FROM bookings b JOIN booking_types t ON t.provider_id = b.provider_id AND t.id = b.booking_type_id
    WHERE ${tenant(tx, scope, { provider: 'b.provider_id', client: 'b.client_id' })} AND b.id = ${bookingId}`;
  if (row?.too_late) throw new ApiError('booking_change_too_late');
}

/**
 * The client moves their booking to another slot of its type, until the change notice: the same checks as
 * booking (the booking itself no longer blocks), the sequence one higher, an updated invitation to both.
 */
export async function rescheduleBooking(
  deps: BookingDeps,
  scope: ClientScope,
  bookingId: string,
  input: BookingReschedule,
): Promise<Booking> {
  const start = new Date(input.startsAt);
  const [current] = await deps.sql<{ booking_type_id: string }[]>`
    SELECT b.booking_type_id FROM bookings b
    WHERE ${tenant(deps.sql, scope, { provider: 'b.provider_id', client: 'b.client_id' })} AND b.id = ${bookingId}`;
  // Google's busy times for the new start; a booking not found answers 404 inside the transaction.
  const external = current ? await freshExternalBusy(deps, scope, current.booking_type_id, start) : [];
  let typeId = '';
  let seq: number;
  try {
    seq = await deps.sql.begin(async (tx) => {
      await lockProvider(tx, scope);
      const current = await lockedBooking(tx, scope, bookingId);
      typeId = current.booking_type_id;
      const now = deps.now();
      await checkChangeNotice(tx, scope, bookingId, now);
      const type = await loadOwnType(tx, scope, current.booking_type_id);
      await checkSlot(tx, scope, type, start, now, { exceptBookingId: bookingId, external });
      const end = new Date(start.getTime() + type.duration_minutes * 60_000);
      await tx`
        UPDATE bookings b SET starts_at = ${start}, ends_at = ${end},
          blocked_from = ${new Date(start.getTime() - type.buffer_before_minutes * 60_000)},
          blocked_until = ${new Date(end.getTime() + type.buffer_after_minutes * 60_000)},
          client_time_zone = ${input.timeZone ?? current.client_time_zone},
          sequence = b.sequence + 1, reminder_sent_at = NULL, updated_at = ${now}
        WHERE ${tenant(tx, scope, { provider: 'b.provider_id', client: 'b.client_id' })} AND b.id = ${bookingId}`;
      return recordBookingChange(deps, tx, scope, bookingId, 'rescheduled', 'client');
    });
  } catch (err) {
    if (isExclusionViolation(err)) throw await takenMeanwhile(deps, scope, typeId, start, bookingId);
    throw err;
  }
  await publishInvoiceActivity(deps, scope.providerId, [seq]);
  return getBooking(deps.sql, scope, bookingId);
}

/**
 * Cancels a booking: the client their own until the change notice, the provider any (with an optional
 * reason told to the client). The sequence grows; both get the cancellation (METHOD:CANCEL).
 */
export async function cancelBooking(
  deps: BookingDeps,
  scope: Scope,
  bookingId: string,
  reason: string | null,
): Promise<Booking> {
  const seq = await deps.sql.begin(async (tx) => {
    await lockedBooking(tx, scope, bookingId);
    const now = deps.now();
    await checkChangeNotice(tx, scope, bookingId, now);
    const by = scope.kind === 'client' ? 'client' : 'provider';
    await tx`
      UPDATE bookings b SET status = 'cancelled', cancelled_at = ${now}, cancelled_by = ${by},
        sequence = b.sequence + 1, updated_at = ${now}
      WHERE ${tenant(tx, scope, { provider: 'b.provider_id', client: 'b.client_id' })} AND b.id = ${bookingId}`;
    return recordBookingChange(deps, tx, scope, bookingId, 'cancelled', by, reason);
  });
  await publishInvoiceActivity(deps, scope.providerId, [seq]);
  return getBooking(deps.sql, scope, bookingId);
}
