import type { Sql, Tx } from '../db/client';
import { ApiError } from '../http/errors';

/*
 * Keyset paging for the lists (shared/contracts/paging.ts): a page continues after the last row shown, by
 * the list's sort value and then its id, instead of skipping `OFFSET` rows (which re-reads every skipped
 * row and shifts when rows arrive or leave). The cursor is the sort it was made for, the last row's sort
 * value and its id, base64url-encoded; a cursor of another sort or order is refused with 422.
 */

/** A sortable field of a list: its SQL (from a fixed list, never from the request) and its value's type. */
export interface SortColumn {
  sql: string;
  type: 'text' | 'timestamptz' | 'date' | 'int8';
  /** Sorted last in ascending order and first in descending order (as the lists always did). */
  nullable?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A text id (a provider session's public id). */
const TEXT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** What a sort value of each type looks like (anything else never reaches SQL). */
const VALUE: Record<SortColumn['type'], RegExp> = {
  text: /^[\s\S]{0,400}$/,
  timestamptz: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  int8: /^-?\d{1,19}$/,
};

/** The sort value as text, exactly (microseconds of a timestamp; a date without a time zone). */
function asText(column: SortColumn): string {
  if (column.type === 'timestamptz')
    return `to_char((${column.sql}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  if (column.type === 'date') return `to_char(${column.sql}, 'YYYY-MM-DD')`;
  return `(${column.sql})::text`;
}

const invalidCursor = () =>
  new ApiError('validation_failed', { fields: [{ path: 'cursor', key: 'validation.invalid' }] });

function decode(cursor: string, sort: string, column: SortColumn, textId = false) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalidCursor();
  const [madeFor, value, id] = parsed as unknown[];
  // Made for another sort or order: continuing it would skip or repeat rows.
  if (madeFor !== sort) throw invalidCursor();
  if (typeof id !== 'string' || !(textId ? TEXT_ID : UUID).test(id)) throw invalidCursor();
  if (value === null ? !column.nullable : typeof value !== 'string' || !VALUE[column.type].test(value))
    throw invalidCursor();
  return { value: value as string | null, id };
}

/**
 * The keyset of one list query: `columns` are the list's sort fields, `idColumn` its rows' id (`c.id`).
 *
 * @example
 * const keys = keyset(sql, { columns: SORTS, sort: query.sort, order: query.order, idColumn: 'c.id', cursor: query.cursor });
 * const rows = await sql`SELECT …, ${keys.sortKey} FROM clients c WHERE … ${keys.after} ORDER BY ${keys.orderBy} LIMIT ${query.limit + 1}`;
 * const { rows: page, nextCursor } = keys.page(rows);
 */
export function keyset<Sort extends string>(
  sql: Sql | Tx,
  options: {
    columns: Record<Sort, SortColumn>;
    sort: Sort;
    order: 'asc' | 'desc';
    idColumn: string;
    cursor?: string | undefined;
    limit: number;
    /** The rows' id is text, not a uuid. */
    textId?: boolean;
  },
) {
  const { sort, order, idColumn, limit } = options;
  const column = options.columns[sort];
  const madeFor = `${sort}.${order}`;
  const desc = order === 'desc';
  const direction = desc ? 'DESC' : 'ASC';
  const nulls = column.nullable ? (desc ? ' NULLS FIRST' : ' NULLS LAST') : '';
  const orderBy = sql.unsafe(`${column.sql} ${direction}${nulls}, ${idColumn} ${direction}`);
  const sortKey = sql.unsafe(`${asText(column)} AS sort_key`);

  /** `AND …` that keeps the rows after the cursor (empty on the first page). */
  let after = sql``;
  if (options.cursor) {
    const { value, id } = decode(options.cursor, madeFor, column, options.textId);
    const idType = sql.unsafe(options.textId ? 'text' : 'uuid');
    const expr = sql.unsafe(column.sql);
    const idExpr = sql.unsafe(idColumn);
    const cmp = sql.unsafe(desc ? '<' : '>');
    const cast = sql.unsafe(column.type);
    if (value === null) {
      // NULLs sort last ascending: only NULLs with a later id follow; descending they came first, so every
      // non-NULL row follows too.
      after = desc
        ? sql`AND (${expr} IS NOT NULL OR ${idExpr} < ${id}::${idType})`
        : sql`AND ${expr} IS NULL AND ${idExpr} > ${id}::${idType}`;
    } else {
      // Sent as text and cast in SQL: a parameter typed timestamptz would go through postgres.js's Date
      // serializer, which drops the microseconds (and ties of one instant would be skipped).
      const beyond = sql`(${expr}, ${idExpr}) ${cmp} (${value}::text::${cast}, ${id}::${idType})`;
      after = column.nullable && !desc ? sql`AND (${beyond} OR ${expr} IS NULL)` : sql`AND ${beyond}`;
    }
  }

  return {
    /** `ORDER BY` body: the sort, then the id in the same direction. */
    orderBy,
    after,
    /** The select-list item `… AS sort_key`: the row's sort value as the cursor carries it. */
    sortKey,
    /** The page (the first `limit` rows) and the cursor of the next one (null when none follows). */
    page<Row extends { id: string; sort_key: string | null }>(rows: Row[]) {
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const nextCursor =
        rows.length > limit && last
          ? Buffer.from(JSON.stringify([madeFor, last.sort_key, last.id])).toString('base64url')
          : null;
      return { rows: page, nextCursor };
    },
  };
}
