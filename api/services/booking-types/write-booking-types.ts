import type { z } from 'zod';
import {
  type BookingType,
  type BookingTypeCreate,
  type BookingTypeUpdate,
  locationProblem,
} from '../../../shared/contracts/booking-types';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import { ApiError } from '../../http/errors';
import { type BookingTypeRow, getBookingType } from './view';

type Create = z.output<typeof BookingTypeCreate>;
type Changes = z.output<typeof BookingTypeUpdate>;

/** The stored column of each changeable field (`clientIds` is the chosen-clients table). */
const COLUMNS = {
  name: 'name',
  description: 'description',
  durationMinutes: 'duration_minutes',
  locationKind: 'location_kind',
  location: 'location',
  timeZone: 'time_zone',
  weeklyHours: 'weekly_hours',
  bufferBeforeMinutes: 'buffer_before_minutes',
  bufferAfterMinutes: 'buffer_after_minutes',
  minNoticeMinutes: 'min_notice_minutes',
  horizonDays: 'horizon_days',
  dailyCap: 'daily_cap',
  slotIntervalMinutes: 'slot_interval_minutes',
  changeNoticeMinutes: 'change_notice_minutes',
  clientScope: 'client_scope',
  active: 'active',
} as const satisfies Record<Exclude<keyof Changes, 'clientIds'>, string>;

const invalid = (path: string, key: string) => new ApiError('validation_failed', { fields: [{ path, key }] });

/** The provider profile's zone, the default of a new type (UTC while the profile names none). */
async function profileZone(tx: Tx, scope: ProviderScope): Promise<string> {
  const [profile] = await tx<{ time_zone: string | null }[]>`
    SELECT time_zone FROM profiles WHERE ${ownedBy(tx, scope, 'user_id')}`;
  return profile?.time_zone ?? 'UTC';
}

/**
 * Replaces the chosen clients of a type with `clientIds`, all of them the provider's own (one that is
 * not, or does not exist, answers 404 and the transaction writes nothing).
 */
async function writeChosenClients(
  tx: Tx,
  scope: ProviderScope,
  typeId: string,
  clientIds: readonly string[],
) {
  if (clientIds.length > 0) {
    const found = await tx`
      SELECT id FROM clients WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ANY(${clientIds}::uuid[]) FOR SHARE`;
    if (found.length !== clientIds.length) throw new ApiError('not_found');
  }
  await tx`DELETE FROM booking_type_clients WHERE ${ownedBy(tx, scope, 'provider_id')} AND booking_type_id = ${typeId}`;
  if (clientIds.length > 0) {
    await tx`
      INSERT INTO booking_type_clients (provider_id, booking_type_id, client_id)
      SELECT ${scope.providerId}, ${typeId}, unnest(${clientIds}::uuid[])`;
  }
}

/**
 * A new booking type of the provider with its chosen clients, in one transaction: its zone is the one sent
 * or the profile's; `chosen` needs at least one of the provider's own clients.
 */
export async function createBookingType(sql: Sql, scope: ProviderScope, input: Create): Promise<BookingType> {
  return sql.begin(async (tx) => {
    const zone = input.timeZone ?? (await profileZone(tx, scope));
    const [row] = await tx<{ id: string }[]>`
      INSERT INTO booking_types (provider_id, name, description, duration_minutes, location_kind, location, time_zone,
                                 weekly_hours, buffer_before_minutes, buffer_after_minutes, min_notice_minutes,
                                 horizon_days, daily_cap, slot_interval_minutes, change_notice_minutes, client_scope,
                                 active)
      VALUES (${scope.providerId}, ${input.name}, ${input.description}, ${input.durationMinutes}, ${input.locationKind},
              ${input.location}, ${zone}, ${tx.json(input.weeklyHours as never)}, ${input.bufferBeforeMinutes},
              ${input.bufferAfterMinutes}, ${input.minNoticeMinutes}, ${input.horizonDays}, ${input.dailyCap},
              ${input.slotIntervalMinutes}, ${input.changeNoticeMinutes}, ${input.clientScope}, ${input.active})
      RETURNING id`;
    const id = (row as { id: string }).id;
    if (input.clientScope === 'chosen') await writeChosenClients(tx, scope, id, input.clientIds);
    return getBookingType(tx, scope, id);
  });
}

/**
 * Changes the fields sent of one of the provider's booking types (404 otherwise), under the row's lock:
 * the location rule is checked against the merged kind and location, `clientIds` replaces the chosen
 * clients, and a type that is (or stays) `chosen` keeps at least one; going back to `all` forgets them.
 * Bookings already made keep their copied title and place.
 */
export async function updateBookingType(
  sql: Sql,
  scope: ProviderScope,
  id: string,
  changes: Changes,
  now: Date,
): Promise<BookingType> {
  return sql.begin(async (tx) => {
    const [current] = await tx<Pick<BookingTypeRow, 'location_kind' | 'location' | 'client_scope'>[]>`
      SELECT location_kind, location, client_scope FROM booking_types
      WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${id} FOR UPDATE`;
    if (!current) throw new ApiError('not_found');
    const kind = changes.locationKind ?? current.location_kind;
    const location = changes.location !== undefined ? changes.location : current.location;
    const problem = locationProblem(kind, location);
    if (problem) throw invalid('location', problem);

    const values: Record<string, unknown> = {};
    for (const [field, column] of Object.entries(COLUMNS)) {
      const value = changes[field as keyof typeof COLUMNS];
      if (value !== undefined) values[column] = field === 'weeklyHours' ? tx.json(value as never) : value;
    }
    values.updated_at = now;
    await tx`UPDATE booking_types SET ${tx(values)} WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${id}`;

    const clientScope = changes.clientScope ?? current.client_scope;
    if (clientScope === 'all') {
      if (current.client_scope === 'chosen') await writeChosenClients(tx, scope, id, []);
    } else {
      if (changes.clientIds !== undefined) await writeChosenClients(tx, scope, id, changes.clientIds);
      const [chosen] = await tx<{ n: number }[]>`
        SELECT count(*)::int AS n FROM booking_type_clients
        WHERE ${ownedBy(tx, scope, 'provider_id')} AND booking_type_id = ${id}`;
      if (!chosen?.n) throw invalid('clientIds', 'validation.bookingClientsRequired');
    }
    return getBookingType(tx, scope, id);
  });
}

/**
 * Deletes one of the provider's booking types (404 otherwise) with its chosen clients, its own date
 * overrides and its past or cancelled bookings (the table's cascades). A type with a confirmed booking
 * still ahead answers 409 `booking_type_has_bookings`: deleting it would drop a meeting the client was
 * promised without telling them (cancel those first, or set the type inactive).
 */
export async function deleteBookingType(
  sql: Sql,
  scope: ProviderScope,
  id: string,
  now: Date,
): Promise<void> {
  await sql.begin(async (tx) => {
    const [type] = await tx`
      SELECT id FROM booking_types WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${id} FOR UPDATE`;
    if (!type) throw new ApiError('not_found');
    const [ahead] = await tx`
      SELECT 1 FROM bookings
      WHERE ${ownedBy(tx, scope, 'provider_id')} AND booking_type_id = ${id} AND status = 'confirmed'
        AND ends_at > ${now}
      LIMIT 1`;
    if (ahead) throw new ApiError('booking_type_has_bookings');
    await tx`DELETE FROM booking_types WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${id}`;
  });
}
