import { ArrowDown, ArrowUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';
import { useKitTexts } from './kit-texts';
import { Skeleton } from './skeleton';

type Order = 'asc' | 'desc';

/** Container widths (the table's frame, not the window) below which a column steps aside. */
const HIDE_BELOW = { '3xl': '@max-3xl:hidden', '4xl': '@max-4xl:hidden', '5xl': '@max-5xl:hidden' } as const;

/** One column of a data table: its header, its cell, and how it sorts, aligns and gives way. */
export type Column<Row> = {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The API's sort field behind this column: its header becomes a sort button. */
  sort?: string;
  align?: 'right';
  /**
   * A text that may be long (a name, an e-mail): it wraps, at most two lines and then "…" (the whole text
   * in `title`), instead of widening the table past its frame; the table gives it the width the other
   * columns leave. Returns that whole text. A cell of plain text is clamped by the table; a cell with more
   * (an avatar, a link and a line under it) clamps its text itself with `ClampedText`.
   */
  long?: (row: Row) => string;
  /** Hidden while the table's frame is narrower than this container size (48, 56 or 64 rem). */
  hideBelow?: keyof typeof HIDE_BELOW;
  /** Extra classes of the column's cells (colour, `tabular-nums`). */
  className?: string;
};

/** A sortable table's state: the field, the order, and what a header click asks for. */
export type TableSort<Field extends string> = {
  field: Field;
  order: Order;
  onSort(field: Field, order: Order): void;
  /** The order a newly chosen field starts with (default ascending). */
  defaultOrder?(field: Field): Order;
};

export type TableProps<Row, Field extends string> = {
  /** What the table lists: its caption, read by screen readers, and the phone list's label. */
  label: string;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  /** A row as a card, shown instead of the table below 768 px. */
  card: (row: Row) => ReactNode;
  sort?: TableSort<Field> | undefined;
};

function HeaderCell<Row, Field extends string>({
  column,
  sort,
}: {
  column: Column<Row>;
  sort: TableSort<Field> | undefined;
}) {
  const field = column.sort as Field | undefined;
  const active = field !== undefined && sort?.field === field;
  const Icon = sort?.order === 'desc' ? ArrowDown : ArrowUp;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort?.order === 'asc' ? 'ascending' : 'descending') : undefined}
      className={cn(
        'px-4 py-2.5 font-medium whitespace-nowrap',
        column.align === 'right' && 'text-right',
        column.hideBelow && HIDE_BELOW[column.hideBelow],
      )}
    >
      {field && sort ? (
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded hover:text-ink"
          onClick={() =>
            sort.onSort(
              field,
              active ? (sort.order === 'asc' ? 'desc' : 'asc') : (sort.defaultOrder?.(field) ?? 'asc'),
            )
          }
        >
          {column.header}
          {active ? <Icon aria-hidden="true" className="size-3.5" /> : null}
        </button>
      ) : (
        column.header
      )}
    </th>
  );
}

/**
 * Text of a long column: wrapped between words, two lines at most, then "…". A word is never split (an
 * e-mail stays whole), so the columns that hold words give way first.
 */
export function ClampedText({ children, className }: { children: ReactNode; className?: string }) {
  return <span className={cn('line-clamp-2 break-words', className)}>{children}</span>;
}

/**
 * Rows as a table from 768 px (caption, column headers with `aria-sort`, sort buttons) and as cards below.
 * Long texts wrap inside the frame (`long`), and low-priority columns step aside in a narrow frame
 * (`hideBelow`), so nothing is cut at the frame's edge; only a frame too narrow for the rest scrolls.
 */
export function DataTable<Row, Field extends string = string>({
  label,
  columns,
  rowKey,
  card,
  sort,
  rows,
}: TableProps<Row, Field> & { rows: readonly Row[] }) {
  const content = (column: Column<Row>, row: Row) => {
    const value = column.cell(row);
    return column.long && typeof value === 'string' ? <ClampedText>{value}</ClampedText> : value;
  };
  return (
    <>
      <div className="@container overflow-x-auto rounded-2xl border border-line max-md:hidden">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="bg-surface text-muted">
            <tr>
              {columns.map((column) => (
                <HeaderCell key={column.id} column={column} sort={sort} />
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map((row) => (
              <tr key={rowKey(row)} className="hover:bg-surface/60">
                {columns.map((column) => (
                  <td
                    key={column.id}
                    title={column.long?.(row)}
                    className={cn(
                      'px-4 py-3',
                      // A long text may shrink to its longest word (at least 6rem) before the table scrolls.
                      column.long ? 'min-w-32' : 'whitespace-nowrap',
                      column.align === 'right' && 'text-right',
                      column.hideBelow && HIDE_BELOW[column.hideBelow],
                      column.className,
                    )}
                  >
                    {content(column, row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 md:hidden" aria-label={label}>
        {rows.map((row) => (
          <li key={rowKey(row)}>{card(row)}</li>
        ))}
      </ul>
    </>
  );
}

/** Placeholder rows shaped like the table (cards on a phone) while the first page loads. */
export function TableSkeleton({ columns = 5, rows = 5 }: { columns?: number; rows?: number }) {
  const t = useKitTexts();
  return (
    <div role="status" aria-busy="true" className="grid gap-3 rounded-2xl border border-line p-4">
      <span className="sr-only">{t('loading')}</span>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={row} className="flex items-center gap-4">
          {Array.from({ length: columns }, (_, column) => (
            <Skeleton
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              key={column}
              className={cn('h-4 flex-1', column > 1 && 'max-md:hidden', column === 0 && 'max-w-40')}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
