import { Plus, Receipt, SearchX } from 'lucide-react';
import { Link } from '../../shared/router';
import { Button, buttonClass } from '../../shared/ui/button';
import { LoadFailedPanel } from '../../shared/ui/load-failed';
import { Skeleton } from '../../shared/ui/skeleton';
import { StatePanel } from '../../shared/ui/state-panel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { useClientOptions, useInvoiceList, useProjectOptions } from './api';
import { useInvoiceTexts } from './i18n';
import { INVOICES_BASE, InvoiceTable } from './invoice-table';
import { ListToolbar, StatusChips } from './list-toolbar';
import { useListParams } from './use-list-params';

/** Placeholder rows while the first page loads: a number, a client, an amount and a status each. */
export function RowsSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-3 rounded-2xl border border-line p-4">
      {Array.from({ length: 5 }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={row} className="flex items-center gap-3">
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-4 w-1/4" />
          <Skeleton className="ml-auto h-4 w-20" />
          <Skeleton className="h-5 w-16 rounded-full" />
        </div>
      ))}
    </div>
  );
}

/**
 * Every invoice of the provider (`/dashboard/invoices`): search, client / project filters and status chips
 * with their counts and sums, newest first, "Load more" by the API's cursor; a table on desktop, cards on
 * phones. Live: an invoice event refetches it (`applyInvoiceActivity`).
 */
export function InvoiceList() {
  const { t } = useInvoiceTexts();
  useDocumentTitle(t('title'));
  const params = useListParams();
  const clients = useClientOptions();
  const projects = useProjectOptions('');
  const list = useInvoiceList(params.filter);
  const pages = list.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const totals = pages[0]?.totals;
  const anyInvoice = (totals ?? []).some((total) => total.count > 0);
  const newHref = `${INVOICES_BASE}/new${params.clientId ? `?client=${params.clientId}${params.projectId ? `&project=${params.projectId}` : ''}` : ''}`;

  let body: React.ReactNode;
  if (list.isError && !list.data) {
    body = (
      <LoadFailedPanel
        title={t('error.title')}
        body={list.error.message || t('error.body')}
        retry={t('error.retry')}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (!list.data) {
    body = <RowsSkeleton />;
  } else if (items.length === 0 && !params.filtered) {
    body = (
      <StatePanel
        icon={<Receipt aria-hidden="true" className="size-6" />}
        title={t('empty.title')}
        body={t('empty.body')}
      >
        <Link to={newHref} className={buttonClass('primary')}>
          <Plus aria-hidden="true" className="size-4" />
          {t('new')}
        </Link>
      </StatePanel>
    );
  } else if (items.length === 0) {
    body = (
      <StatePanel
        role="status"
        icon={<SearchX aria-hidden="true" className="size-6" />}
        title={t('empty.noResults')}
        body={anyInvoice && params.status ? t('empty.noResultsStatus') : t('empty.noResultsBody')}
      >
        <Button
          variant="secondary"
          onClick={() => params.update({ q: '', status: '', client: '', project: '' })}
        >
          {t('empty.clearFilters')}
        </Button>
      </StatePanel>
    );
  } else {
    body = (
      <div
        className={`grid gap-4 transition-opacity ${list.isFetching && !list.isFetchingNextPage ? 'opacity-70' : ''}`}
        aria-busy={list.isFetching}
      >
        <InvoiceTable items={items} />
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted">
          <p>{t('shown', { count: items.length })}</p>
          {list.hasNextPage ? (
            <Button
              variant="secondary"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t('loadMore')}
            </Button>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="text-sm text-muted">{t('subtitle')}</p>
        </div>
        <Link to={newHref} className={buttonClass('primary')}>
          <Plus aria-hidden="true" className="size-4" />
          {t('new')}
        </Link>
      </header>
      <div className="grid gap-3">
        <ListToolbar params={params} clients={clients.data ?? []} projects={projects.data ?? []} />
        <StatusChips params={params} totals={totals} />
      </div>
      {body}
    </div>
  );
}
