import { useInfiniteQuery } from '@tanstack/react-query';
import { Plus, Receipt } from 'lucide-react';
import { callApi } from '../../shared/api/call';
import { api } from '../../shared/api/client';
import type { InvoiceList, InvoiceStatus } from '../../shared/contracts/invoices';
import { formatDate } from '../../shared/format/date';
import { formatMoney } from '../../shared/format/money';
import { Link } from '../../shared/router';
import { invoiceKeys } from '../../shared/sections/invoices';
import { Button, buttonClass } from '../../shared/ui/button';
import { LoadFailedPanel } from '../../shared/ui/load-failed';
import { StatePanel } from '../../shared/ui/state-panel';
import type { Project } from './api';
import { formatDay } from './format';
import { useProjectTexts } from './i18n';
import { RowsSkeleton } from './skeletons';

const INVOICES = '/dashboard/invoices';
const PAGE_SIZE = 25;

/** Spec §4's invoice statuses, coloured as in the invoices section. */
const TONES: Record<InvoiceStatus, string> = {
  draft: 'bg-surface text-muted ring-line',
  sent: 'bg-sky-50 text-sky-800 ring-sky-200',
  paid: 'bg-success-soft text-success ring-success/25',
  overdue: 'bg-danger-soft text-danger ring-danger/25',
  cancelled: 'bg-surface text-subtle ring-line',
};

/**
 * The project's invoices (`GET /api/invoices?projectId=`), newest first with "Load more", in the invoices
 * cache (`shared/sections/invoices`: the realtime feed refreshes it when one is paid); "New invoice" opens
 * the invoices section's editor with this project and its client chosen.
 */
export function InvoicesTab({ project }: { project: Project }) {
  const { t, lang } = useProjectTexts();
  const filter = { projectId: project.id, view: 'project' };
  const list = useInfiniteQuery({
    queryKey: invoiceKeys.list(filter),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }): Promise<InvoiceList> =>
      callApi(
        api.GET('/api/invoices', {
          params: {
            query: { projectId: project.id, limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
          },
          signal,
        }),
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const newHref = `${INVOICES}/new?client=${project.client.id}&project=${project.id}`;
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const totals = list.data?.pages[0]?.totals ?? [];
  const sum = (statuses: InvoiceStatus[]) =>
    totals
      .filter((total) => statuses.includes(total.status))
      .flatMap((total) => total.amounts)
      .reduce<Map<string, number>>(
        (sums, amount) => sums.set(amount.currency, (sums.get(amount.currency) ?? 0) + amount.amountCents),
        new Map(),
      );
  const written = (sums: Map<string, number>) =>
    [...sums].map(([currency, cents]) => formatMoney(cents, lang, currency)).join(' + ') ||
    formatMoney(0, lang);

  const newButton = (
    <Link to={newHref} className={buttonClass('primary', 'sm')}>
      <Plus aria-hidden="true" className="size-4" />
      {t('invoices.new')}
    </Link>
  );

  if (list.isError && !list.data)
    return (
      <LoadFailedPanel
        title={t('invoices.error')}
        body={list.error.message}
        retry={t('error.retry')}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  if (!list.data) return <RowsSkeleton rows={3} />;
  if (items.length === 0)
    return (
      <StatePanel
        icon={<Receipt aria-hidden="true" className="size-6" />}
        title={t('invoices.emptyTitle')}
        body={t('invoices.emptyBody', { client: project.client.name })}
      >
        {newButton}
      </StatePanel>
    );

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">
          {t('invoices.summary', { open: written(sum(['sent', 'overdue'])), paid: written(sum(['paid'])) })}
        </p>
        {newButton}
      </div>
      <ul className="divide-y divide-line rounded-2xl border border-line">
        {items.map((invoice) => (
          <li
            key={invoice.id}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-4 py-3 text-sm sm:grid-cols-[7rem_auto_minmax(0,1fr)_auto]"
          >
            <Link
              to={`${INVOICES}/${invoice.id}`}
              className={`order-1 font-medium hover:text-primary ${invoice.number ? 'tabular-nums' : 'text-muted italic'}`}
            >
              {invoice.number ?? t('invoices.draft')}
            </Link>
            <span className="order-2 text-right font-semibold whitespace-nowrap tabular-nums sm:order-4">
              {formatMoney(invoice.amountCents, lang, invoice.currency)}
            </span>
            <span className="order-3 sm:order-2">
              <span
                className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONES[invoice.status]}`}
              >
                {t(`invoices.status.${invoice.status}`)}
              </span>
            </span>
            <span className="order-4 text-right text-muted sm:order-3 sm:text-left">
              {invoice.paidAt
                ? t('invoices.paidOn', { date: formatDate(invoice.paidAt, lang) })
                : invoice.dueDate
                  ? t('invoices.dueOn', { date: formatDay(invoice.dueDate, lang) })
                  : null}
            </span>
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <div>
          <Button
            variant="secondary"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('invoices.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

export default InvoicesTab;
