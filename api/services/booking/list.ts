import type { BookingFilter, BookingList } from '../../../shared/contracts/bookings';
import type { PageInput } from '../../../shared/contracts/paging';
import { type Scope, tenant } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { keyset } from '../keyset';
import { type BookingRow, bookingSelect, toBooking } from './view';

const SORTS = { starts: { sql: 'b.starts_at', type: 'timestamptz' } } as const;

/**
 * A page of bookings for either side (the provider's all, a client's own): `upcoming` (confirmed, not ended,
 * soonest first), `past` (confirmed and ended, latest first) or `cancelled` (latest first); the provider may
 * narrow it to one client. Keyset-paged by start and id.
 */
export async function listBookings(
  sql: Sql,
  scope: Scope,
  query: PageInput & { filter: BookingFilter; clientId?: string | undefined },
  now: Date,
): Promise<BookingList> {
  const keys = keyset(sql, {
    columns: SORTS,
    sort: 'starts',
    order: query.filter === 'upcoming' ? 'asc' : 'desc',
    idColumn: 'b.id',
    cursor: query.cursor,
    limit: query.limit,
  });
  const which =
    query.filter === 'cancelled'
      ? sql`b.status = 'cancelled'`
      : query.filter === 'upcoming'
        ? sql`b.status = 'confirmed' AND b.ends_at > ${now}`
        : sql`b.status = 'confirmed' AND b.ends_at <= ${now}`;
  const rows = await sql<(BookingRow & { sort_key: string })[]>`
    ${bookingSelect(sql, sql`, ${keys.sortKey}`)}
      WHERE ${tenant(sql, scope, { provider: 'b.provider_id', client: 'b.client_id' })} AND ${which}
        ${query.clientId ? sql`AND b.client_id = ${query.clientId}` : sql``}
        ${keys.after}
      ORDER BY ${keys.orderBy} LIMIT ${query.limit + 1}`;
  const { rows: page, nextCursor } = keys.page(rows);
  return { items: page.map(toBooking), nextCursor };
}
