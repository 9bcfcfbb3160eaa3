import type { BookingType, WeeklyHours } from '../../../shared/contracts/booking-types';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import { ApiError } from '../../http/errors';
import type { BookingTypeRow as BookingRulesRow } from '../booking/load';

/** A `booking_types` row as the views select it: the rules the booking services read, who may book, its chosen clients by name. */
export interface BookingTypeRow extends Omit<BookingRulesRow, 'weekly_hours'> {
  weekly_hours: WeeklyHours;
  client_scope: BookingType['clientScope'];
  active: boolean;
  clients: { id: string; name: string }[];
  created_at: Date;
  updated_at: Date;
}

/** The select list of a booking type `b` (its chosen clients aggregated by name). */
export function bookingTypeColumns(sql: Sql | Tx) {
  return sql`
    b.id, b.name, b.description, b.duration_minutes, b.location_kind, b.location, b.time_zone, b.weekly_hours,
    b.buffer_before_minutes, b.buffer_after_minutes, b.min_notice_minutes, b.horizon_days, b.daily_cap,
    b.slot_interval_minutes, b.change_notice_minutes, b.client_scope, b.active, b.created_at, b.updated_at,
    coalesce((SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.name, c.id)
              FROM booking_type_clients bc
              JOIN clients c ON c.provider_id = bc.provider_id AND c.id = bc.client_id
              WHERE bc.provider_id = b.provider_id AND bc.booking_type_id = b.id), '[]'::json) AS clients`;
}

export function toBookingType(row: BookingTypeRow): BookingType {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    durationMinutes: row.duration_minutes,
    locationKind: row.location_kind,
    location: row.location,
    timeZone: row.time_zone,
    weeklyHours: row.weekly_hours,
    bufferBeforeMinutes: row.buffer_before_minutes,
    bufferAfterMinutes: row.buffer_after_minutes,
    minNoticeMinutes: row.min_notice_minutes,
    horizonDays: row.horizon_days,
    dailyCap: row.daily_cap,
    slotIntervalMinutes: row.slot_interval_minutes,
    changeNoticeMinutes: row.change_notice_minutes,
    clientScope: row.client_scope,
    clients: row.client_scope === 'chosen' ? row.clients : [],
    active: row.active,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** One of the provider's booking types; another provider's (or none) answers 404. */
export async function getBookingType(sql: Sql | Tx, scope: ProviderScope, id: string): Promise<BookingType> {
  const [row] = await sql<BookingTypeRow[]>`
    SELECT ${bookingTypeColumns(sql)} FROM booking_types b
    WHERE ${ownedBy(sql, scope, 'b.provider_id')} AND b.id = ${id}`;
  if (!row) throw new ApiError('not_found');
  return toBookingType(row);
}
