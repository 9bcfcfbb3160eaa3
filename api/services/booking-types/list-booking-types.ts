import type { z } from 'zod';
import type { BookingTypeList, BookingTypeListQuery } from '../../../shared/contracts/booking-types';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { likeContains } from '../clients/list-clients';
import { keyset, type SortColumn } from '../keyset';
import { type BookingTypeRow, bookingTypeColumns, toBookingType } from './view';

const SORTS: Record<'createdAt', SortColumn> = { createdAt: { sql: 'b.created_at', type: 'timestamptz' } };

/**
 * A page of the provider's booking types, newest first (keyset on `(created_at, id)`, index
 * `booking_types_provider_created_idx`), filtered by a "contains" search on the name and the active flag.
 */
export async function listBookingTypes(
  sql: Sql,
  scope: ProviderScope,
  query: z.output<typeof BookingTypeListQuery>,
): Promise<BookingTypeList> {
  const keys = keyset(sql, {
    columns: SORTS,
    sort: 'createdAt',
    order: 'desc',
    idColumn: 'b.id',
    cursor: query.cursor,
    limit: query.limit,
  });
  const rows = await sql<(BookingTypeRow & { sort_key: string })[]>`
    SELECT ${bookingTypeColumns(sql)}, ${keys.sortKey} FROM booking_types b
    WHERE ${ownedBy(sql, scope, 'b.provider_id')}
      ${query.q ? sql`AND lower(b.name) LIKE ${likeContains(query.q)}` : sql``}
      ${query.active ? sql`AND b.active = ${query.active === 'true'}` : sql``}
      ${keys.after}
    ORDER BY ${keys.orderBy}
    LIMIT ${query.limit + 1}`;
  const { rows: page, nextCursor } = keys.page(rows);
  return { items: page.map(toBookingType), nextCursor };
}
