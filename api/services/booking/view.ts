import type { Booking } from '../../../shared/contracts/bookings';
import { type Scope, tenant } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import { ApiError } from '../../http/errors';

/** A booking row with its client, project and type's change notice, as `BOOKING_SELECT` reads it. */
export interface BookingRow {
  id: string;
  provider_id: string;
  booking_type_id: string;
  client_id: string;
  client_name: string;
  project_id: string | null;
  project_name: string | null;
  title: string;
  starts_at: Date;
  ends_at: Date;
  status: 'confirmed' | 'cancelled';
  client_time_zone: string;
  location_kind: 'video' | 'phone' | 'in_person';
  location: string | null;
  note: string | null;
  sequence: number;
  cancelled_at: Date | null;
  cancelled_by: 'client' | 'provider' | null;
  changeable_until: Date;
  created_at: Date;
  uid: string;
}

/** `SELECT … FROM bookings b` with what a `Booking` shows; the caller adds `WHERE ${tenant(…)} …`. */
export const bookingSelect = (sql: Sql | Tx, extra = sql``) => sql`
  SELECT b.id, b.provider_id, b.booking_type_id, b.client_id, c.name AS client_name, b.project_id, p.name AS project_name,
         b.title, b.starts_at, b.ends_at, b.status, b.client_time_zone, b.location_kind, b.location, b.note,
         b.sequence, b.cancelled_at, b.cancelled_by, b.created_at, b.uid,
         b.starts_at - make_interval(mins => t.change_notice_minutes) AS changeable_until ${extra}
  FROM bookings b
  JOIN clients c ON c.provider_id = b.provider_id AND c.id = b.client_id
  JOIN booking_types t ON t.provider_id = b.provider_id AND t.id = b.booking_type_id
  LEFT JOIN projects p ON p.provider_id = b.provider_id AND p.id = b.project_id`;

const iso = (d: Date) => d.toISOString();

/** The API's view of a row. */
export function toBooking(row: BookingRow): Booking {
  return {
    id: row.id,
    bookingTypeId: row.booking_type_id,
    clientId: row.client_id,
    clientName: row.client_name,
    projectId: row.project_id,
    projectName: row.project_name,
    title: row.title,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    status: row.status,
    clientTimeZone: row.client_time_zone,
    locationKind: row.location_kind,
    location: row.location,
    note: row.note,
    sequence: row.sequence,
    cancelledAt: row.cancelled_at ? iso(row.cancelled_at) : null,
    cancelledBy: row.cancelled_by,
    changeableUntil: iso(row.changeable_until),
    createdAt: iso(row.created_at),
  };
}

/** One booking of the scope's (the provider's, or the client's own), or 404. */
export async function readBooking(sql: Sql | Tx, scope: Scope, bookingId: string): Promise<BookingRow> {
  const [row] = await sql<BookingRow[]>`
    ${bookingSelect(sql)}
    WHERE ${tenant(sql, scope, { provider: 'b.provider_id', client: 'b.client_id' })} AND b.id = ${bookingId}`;
  if (!row) throw new ApiError('not_found');
  return row;
}

/** `getBooking` / `portalGetBooking`: one booking as the API shows it. */
export async function getBooking(sql: Sql | Tx, scope: Scope, bookingId: string): Promise<Booking> {
  return toBooking(await readBooking(sql, scope, bookingId));
}
