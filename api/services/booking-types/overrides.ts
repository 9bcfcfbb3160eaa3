import type { z } from 'zod';
import type {
  BookingOverride,
  BookingOverrideCreate,
  BookingOverrideList,
  BookingOverrideListQuery,
  BookingOverrideUpdate,
} from '../../../shared/contracts/booking-types';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import { ApiError } from '../../http/errors';
import { keyset, type SortColumn } from '../keyset';

/*
 * Date overrides and holidays (issue 30): one calendar day's hours instead of a type's weekly ones, for
 * one type or (`booking_type_id` NULL) for every type. One per day and scope, held by the table's two
 * partial unique indexes; a second one answers 409 `booking_override_exists`.
 */

interface OverrideRow {
  id: string;
  booking_type_id: string | null;
  booking_type_name: string | null;
  day: string;
  hours: [string, string][];
  label: string | null;
  created_at: Date;
}

const COLUMNS = (sql: Sql | Tx) => sql`
  o.id, o.booking_type_id, b.name AS booking_type_name, to_char(o.day, 'YYYY-MM-DD') AS day, o.hours, o.label,
  o.created_at`;
const JOIN = (sql: Sql | Tx) =>
  sql`LEFT JOIN booking_types b ON b.provider_id = o.provider_id AND b.id = o.booking_type_id`;

const toOverride = (row: OverrideRow): BookingOverride => ({
  id: row.id,
  bookingTypeId: row.booking_type_id,
  bookingTypeName: row.booking_type_name,
  day: row.day,
  hours: row.hours,
  label: row.label,
  createdAt: row.created_at.toISOString(),
});

const SORTS: Record<'day', SortColumn> = { day: { sql: 'o.day', type: 'date' } };

/** A page of the provider's overrides by day (earliest first); of one type: its own and those for all. */
export async function listBookingOverrides(
  sql: Sql,
  scope: ProviderScope,
  query: z.output<typeof BookingOverrideListQuery>,
): Promise<BookingOverrideList> {
  const keys = keyset(sql, {
    columns: SORTS,
    sort: 'day',
    order: 'asc',
    idColumn: 'o.id',
    cursor: query.cursor,
    limit: query.limit,
  });
  const rows = await sql<(OverrideRow & { sort_key: string })[]>`
    SELECT ${COLUMNS(sql)}, ${keys.sortKey} FROM booking_date_overrides o ${JOIN(sql)}
    WHERE ${ownedBy(sql, scope, 'o.provider_id')}
      ${query.bookingTypeId ? sql`AND (o.booking_type_id = ${query.bookingTypeId} OR o.booking_type_id IS NULL)` : sql``}
      ${query.from ? sql`AND o.day >= ${query.from}::date` : sql``}
      ${keys.after}
    ORDER BY ${keys.orderBy}
    LIMIT ${query.limit + 1}`;
  const { rows: page, nextCursor } = keys.page(rows);
  return { items: page.map(toOverride), nextCursor };
}

async function readOverride(sql: Sql | Tx, scope: ProviderScope, id: string): Promise<BookingOverride> {
  const [row] = await sql<OverrideRow[]>`
    SELECT ${COLUMNS(sql)} FROM booking_date_overrides o ${JOIN(sql)}
    WHERE ${ownedBy(sql, scope, 'o.provider_id')} AND o.id = ${id}`;
  if (!row) throw new ApiError('not_found');
  return toOverride(row);
}

/** A type named by an override is the provider's own (404 otherwise). */
async function checkType(tx: Tx, scope: ProviderScope, typeId: string | null | undefined) {
  if (!typeId) return;
  const [type] = await tx`
    SELECT 1 FROM booking_types WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${typeId} FOR SHARE`;
  if (!type) throw new ApiError('not_found');
}

const DAY_TAKEN = new Set(['booking_date_overrides_all_day_key', 'booking_date_overrides_type_day_key']);

/** A write that hit one of the one-per-day indexes becomes 409 `booking_override_exists`. */
async function oncePerDay<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const e = error as { code?: string; constraint_name?: string };
    if (e.code === '23505' && DAY_TAKEN.has(e.constraint_name ?? ''))
      throw new ApiError('booking_override_exists');
    throw error;
  }
}

export async function createBookingOverride(
  sql: Sql,
  scope: ProviderScope,
  input: z.output<typeof BookingOverrideCreate>,
): Promise<BookingOverride> {
  return oncePerDay(() =>
    sql.begin(async (tx) => {
      await checkType(tx, scope, input.bookingTypeId);
      const [row] = await tx<{ id: string }[]>`
        INSERT INTO booking_date_overrides (provider_id, booking_type_id, day, hours, label)
        VALUES (${scope.providerId}, ${input.bookingTypeId}, ${input.day}::date, ${tx.json(input.hours as never)},
                ${input.label})
        RETURNING id`;
      return readOverride(tx, scope, (row as { id: string }).id);
    }),
  );
}

export async function updateBookingOverride(
  sql: Sql,
  scope: ProviderScope,
  id: string,
  changes: z.output<typeof BookingOverrideUpdate>,
): Promise<BookingOverride> {
  return oncePerDay(() =>
    sql.begin(async (tx) => {
      await checkType(tx, scope, changes.bookingTypeId);
      const values: Record<string, unknown> = {};
      if (changes.bookingTypeId !== undefined) values.booking_type_id = changes.bookingTypeId;
      if (changes.day !== undefined) values.day = changes.day;
      if (changes.hours !== undefined) values.hours = tx.json(changes.hours as never);
      if (changes.label !== undefined) values.label = changes.label;
      if (Object.keys(values).length > 0) {
        const updated = await tx`
          UPDATE booking_date_overrides SET ${tx(values)}
          WHERE ${ownedBy(tx, scope, 'provider_id')} AND id = ${id} RETURNING id`;
        if (updated.length === 0) throw new ApiError('not_found');
      }
      return readOverride(tx, scope, id);
    }),
  );
}

export async function deleteBookingOverride(sql: Sql, scope: ProviderScope, id: string): Promise<void> {
  const deleted = await sql`
    DELETE FROM booking_date_overrides WHERE ${ownedBy(sql, scope, 'provider_id')} AND id = ${id} RETURNING id`;
  if (deleted.length === 0) throw new ApiError('not_found');
}
