import { Download } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Button } from '../../shared/ui/button';
import { type Column, DataTable } from '../../shared/ui/data-table';
import { type CsvCell, downloadCsv, toCsv } from './csv';
import { useAnalyticsTexts } from './i18n';

/** A column of a report: its table column plus the value it sorts by and writes to the CSV. */
export type ReportColumn<Row> = Column<Row> & {
  value: (row: Row) => CsvCell;
  /** What the column sorts by when it is not `value` (an ordered bucket's position). */
  sortValue?: (row: Row) => CsvCell;
};

/**
 * A chart's table: every column sortable (in the browser: the report is one answer), the rows as cards on
 * a phone, and "Download CSV" of exactly these rows and columns (the sort applied).
 */
export function ReportTable<Row>({
  title,
  fileName,
  columns,
  rows,
  rowKey,
  initialSort,
  children,
}: {
  title: string;
  fileName: string;
  columns: readonly ReportColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  initialSort?: { field: string; order: 'asc' | 'desc' };
  children?: ReactNode;
}) {
  const { t, lang } = useAnalyticsTexts();
  const [sort, setSort] = useState(initialSort ?? { field: columns[0]?.id ?? '', order: 'asc' as const });
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
  }, [rows, columns, sort, lang]);
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
