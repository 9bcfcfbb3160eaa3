import { Download } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Button } from '../../shared/ui/button';
import { Card } from '../../shared/ui/card';
import { type Column, DataTable } from '../../shared/ui/data-table';
import { BarChart, type BarSeries } from './bar-chart';
import { type CsvCell, downloadCsv, toCsv, units } from './csv';
import { type Format, useFormat } from './format';

/** A column of a report: its table column plus the value it sorts by and writes to the CSV. */
export type ReportColumn<Row> = Column<Row> & {
  value: (row: Row) => CsvCell;
  /** What the column sorts by when it is not `value` (an ordered bucket's position). */
  sortValue?: (row: Row) => CsvCell;
};

/** What a column may change of its kind's defaults (a composed cell, a CSV value, a sort order). */
type Extra<Row> = Partial<Omit<ReportColumn<Row>, 'id' | 'header'>>;

/** The kinds of column a report has, for its row type: each formats its cell and writes a plain CSV value. */
export interface ColumnHelpers<Row> {
  /** A text; `long` for a name that may wrap. */
  text(
    id: string,
    header: string,
    get: (row: Row) => string,
    extra?: Omit<Extra<Row>, 'long'> & { long?: boolean },
  ): ReportColumn<Row>;
  /** A count, right-aligned. */
  count(id: string, header: string, get: (row: Row) => number, extra?: Extra<Row>): ReportColumn<Row>;
  /** An amount in minor units of the report's currency, right-aligned; the CSV has units. */
  money(id: string, header: string, get: (row: Row) => number, extra?: Extra<Row>): ReportColumn<Row>;
  /** A duration in hours as a person reads it ("1 d 4 h"), right-aligned; the CSV has the hours. */
  hours(id: string, header: string, get: (row: Row) => number | null, extra?: Extra<Row>): ReportColumn<Row>;
  /** An instant as a date and time, `empty` when there is none; the CSV has it in ISO 8601. */
  date(
    id: string,
    header: string,
    get: (row: Row) => string | null,
    empty: string,
    extra?: Extra<Row>,
  ): ReportColumn<Row>;
}

function columnHelpers<Row>(f: Format): ColumnHelpers<Row> {
  const number = { align: 'right', className: 'tabular-nums' } as const;
  return {
    text: (id, header, get, { long, ...extra } = {}) => ({
      id,
      header,
      ...(long ? { long: get } : {}),
      cell: get,
      value: get,
      ...extra,
    }),
    count: (id, header, get, extra) => ({
      id,
      header,
      ...number,
      cell: (r) => f.n(get(r)),
      value: get,
      ...extra,
    }),
    money: (id, header, get, extra) => ({
      id,
      header,
      ...number,
      cell: (r) => f.money(get(r)),
      value: (r) => units(get(r)),
      ...extra,
    }),
    hours: (id, header, get, extra) => ({
      id,
      header,
      ...number,
      cell: (r) => f.hours(get(r)),
      value: get,
      ...extra,
    }),
    date: (id, header, get, empty, extra) => ({
      id,
      header,
      cell: (r) => {
        const at = get(r);
        return at ? f.instant(at) : empty;
      },
      value: get,
      ...extra,
    }),
  };
}

type ReportTableProps<Row> = {
  title: string;
  fileName: string;
  /** The columns, made with the helpers for this row type. */
  columns: (c: ColumnHelpers<Row>) => readonly ReportColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  initialSort?: { field: string; order: 'asc' | 'desc' };
  /** The currency of the money columns. */
  currency?: string;
};

/**
 * A chart's table: every column sortable (in the browser: the report is one answer), the rows as cards on
 * a phone, and "Download CSV" of exactly these rows and columns (the sort applied).
 */
export function ReportTable<Row>({
  title,
  fileName,
  columns: makeColumns,
  rows,
  rowKey,
  initialSort,
  currency,
  children,
}: ReportTableProps<Row> & { children?: ReactNode }) {
  const f = useFormat(currency);
  const { t, lang } = f;
  const columns = makeColumns(columnHelpers<Row>(f));
  const [sort, setSort] = useState(initialSort ?? { field: columns[0]?.id ?? '', order: 'asc' as const });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the columns are made anew each render from the same function; the rows, the sort and the language decide the order.
  const sorted = useMemo(() => {
    const column = columns.find((c) => c.id === sort.field);
    if (!column) return rows;
    const collator = new Intl.Collator(lang);
    const sign = sort.order === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const key = column.sortValue ?? column.value;
      const x = key(a);
      const y = key(b);
      if (x === y) return 0;
      if (x === null) return 1;
      if (y === null) return -1;
      return (
        sign *
        (typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y)))
      );
    });
  }, [rows, sort, lang]);
  const withSort = columns.map((c) => ({ ...c, sort: c.id }));
  if (rows.length === 0) return <p className="text-sm text-muted">{t('noRows')}</p>;
  return (
    <div className="grid gap-3">
      {children}
      <DataTable<Row, string>
        label={title}
        columns={withSort}
        rows={sorted}
        rowKey={rowKey}
        sort={{
          field: sort.field,
          order: sort.order,
          onSort: (field, order) => setSort({ field, order }),
          defaultOrder: (field) => {
            const sample = rows[0] ? columns.find((c) => c.id === field)?.value(rows[0]) : null;
            return typeof sample === 'number' ? 'desc' : 'asc';
          },
        }}
        card={(row) => (
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1 rounded-xl border border-line p-3 text-sm">
            {columns.map((c) => (
              <div key={c.id} className="contents">
                <dt className="text-muted">{c.header}</dt>
                <dd className="text-right tabular-nums">{c.cell(row)}</dd>
              </div>
            ))}
          </dl>
        )}
      />
      <div>
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            downloadCsv(
              `${fileName}.csv`,
              toCsv(
                lang,
                columns.map((c) => c.header),
                sorted.map((row) => columns.map((c) => c.value(row))),
              ),
            )
          }
        >
          <Download aria-hidden="true" className="size-4" />
          {t('csv')}
        </Button>
      </div>
    </div>
  );
}

/** A report's bars: one group per row (in the rows' order), its label and values. */
export type ReportChart<Row> = {
  /** The picture's label (default the card's title). */
  label?: string;
  series: readonly BarSeries[];
  group: (row: Row) => { label: string; values: readonly number[] };
  /** How a bar's value reads in its tooltip. */
  format: 'money' | 'count';
  /** Columns under a time line (default), or rows for categories with long names. */
  layout?: 'columns' | 'rows';
};

/** A card of the report: its title, a note under it, the chart if any, its table and the CSV download. */
export function ReportCard<Row>({
  note,
  chart,
  ...table
}: ReportTableProps<Row> & { note?: ReactNode; chart?: ReportChart<Row> }) {
  const f = useFormat(table.currency);
  return (
    <Card className="grid content-start gap-4 p-4 sm:p-6">
      <h2 className="text-lg font-semibold">{table.title}</h2>
      {note}
      <ReportTable {...table}>
        {chart ? (
          <BarChart
            label={chart.label ?? table.title}
            series={chart.series}
            groups={table.rows.map((r) => ({ key: table.rowKey(r), ...chart.group(r) }))}
            format={chart.format === 'money' ? f.money : f.n}
            layout={chart.layout}
          />
        ) : null}
      </ReportTable>
    </Card>
  );
}
