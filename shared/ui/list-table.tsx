import { type ReactNode, useRef } from 'react';
import { Button } from './button';
import { cn } from './cn';
import { DataTable, type TableProps, TableSkeleton } from './data-table';
import { useKitTexts } from './kit-texts';
import { LoadFailedPanel } from './load-failed';
import type { CursorList } from './use-cursor-list';

/**
 * A list page's table over a cursor query (`useCursorList`): a skeleton until the first page, the error
 * panel with Retry when it failed, `empty` when there are no rows, else the rows with "Load more" and how
 * many are shown (announced as they change). While filters change, the old rows stay, dimmed and busy.
 *
 * @example
 * <ListTable label={t('title')} columns={columns} rowKey={(c) => c.id} card={(c) => <ClientCard client={c} />}
 *   query={list} empty={<StatePanel … />} errorTitle={t('error.title')} sort={…} />
 */
export function ListTable<Row, Field extends string = string>({
  query,
  empty,
  errorTitle,
  ...table
}: TableProps<Row, Field> & {
  query: CursorList<Row>;
  /** What an empty list shows (no rows at all, or none under the filters: the page decides). */
  empty: ReactNode;
  errorTitle: string;
}) {
  const t = useKitTexts();
  const summary = useRef<HTMLParagraphElement>(null);
  const items = query.items;
  if (query.isError && !items)
    return (
      <LoadFailedPanel
        title={errorTitle}
        body={t('loadFailedBody')}
        retry={t('retry')}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  if (!items) return <TableSkeleton columns={Math.min(table.columns.length, 6)} />;
  if (items.length === 0) return <>{empty}</>;

  async function loadMore() {
    await query.fetchNextPage();
    // The button leaves with the last page: the focus goes to the count instead of the page's start.
    requestAnimationFrame(() => {
      if (document.activeElement === document.body) summary.current?.focus();
    });
  }

  const refreshing = query.isFetching && !query.isFetchingNextPage;
  return (
    <div className={cn('grid gap-4 transition-opacity', refreshing && 'opacity-70')} aria-busy={refreshing}>
      <DataTable {...table} rows={items} />
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted">
        <p ref={summary} tabIndex={-1} role="status" className="outline-none">
          {query.total !== undefined
            ? t('shownOf', { shown: items.length, total: query.total })
            : t('shown', { count: items.length })}
        </p>
        {query.hasNextPage ? (
          <Button variant="secondary" loading={query.isFetchingNextPage} onClick={() => void loadMore()}>
            {t('loadMore')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
