import { Plus, Receipt } from 'lucide-react';
import { callApi } from '../../shared/api/call';
import { api } from '../../shared/api/client';
import type { InvoiceList, InvoiceStatus } from '../../shared/contracts/invoices';
import { formatDate } from '../../shared/format/date';
import { formatMoney } from '../../shared/format/money';
import { INVOICE_STATUS } from '../../shared/invoices/status';
import { Link } from '../../shared/router';
import { invoiceKeys } from '../../shared/sections/invoices';
import { buttonClass } from '../../shared/ui/button';
import type { Column } from '../../shared/ui/data-table';
import { ListTable } from '../../shared/ui/list-table';
import { StatePanel } from '../../shared/ui/state-panel';
import { StatusBadge } from '../../shared/ui/status-badge';
import { useCursorList } from '../../shared/ui/use-cursor-list';
import type { Project } from './api';
import { formatDay } from './format';
import { useProjectTexts } from './i18n';

const INVOICES = '/dashboard/invoices';
const PAGE_SIZE = 25;

type InvoiceRow = InvoiceList['items'][number];

/** The tab's columns: number, status, due or paid date, amount. */
function invoiceColumns(t: (key: string, values?: Record<string, string>) => string, lang: string) {
  const statusText = (key: string) => t(`invoices.${key}`);
  const when = (invoice: InvoiceRow) =>
    invoice.paidAt
      ? t('invoices.paidOn', { date: formatDate(invoice.paidAt, lang) })
      : invoice.dueDate
        ? t('invoices.dueOn', { date: formatDay(invoice.dueDate, lang) })
        : null;
  const columns: Column<InvoiceRow>[] = [
    {
      id: 'number',
      header: t('invoices.number'),
      cell: (invoice) => (
        <Link
          to={`${INVOICES}/${invoice.id}`}
          className={`font-medium hover:text-primary ${invoice.number ? 'tabular-nums' : 'text-muted italic'}`}
        >
          {invoice.number ?? t('invoices.draft')}
        </Link>
      ),
    },
    {
      id: 'status',
      header: t('invoices.statusColumn'),
      cell: (invoice) => <StatusBadge status={invoice.status} map={INVOICE_STATUS} t={statusText} />,
    },
    {
      id: 'when',
      header: t('invoices.dates'),
      long: (invoice) => when(invoice) ?? '',
      className: 'text-muted',
      cell: when,
    },
    {
      id: 'amount',
      header: t('invoices.amount'),
      align: 'right',
      className: 'font-semibold tabular-nums',
      cell: (invoice) => formatMoney(invoice.amountCents, lang, invoice.currency),
    },
  ];
  const card = (invoice: InvoiceRow) => (
    <div className="grid gap-1.5 rounded-2xl border border-line p-4 text-sm">
      <div className="flex items-center justify-between gap-3">
        {columns[0]?.cell(invoice)}
        <span className="font-semibold whitespace-nowrap tabular-nums">
          {formatMoney(invoice.amountCents, lang, invoice.currency)}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
        <StatusBadge status={invoice.status} map={INVOICE_STATUS} t={statusText} />
        {when(invoice)}
      </div>
    </div>
  );
  return { columns, card };
}

/**
 * The project's invoices (`GET /api/invoices?projectId=`), newest first with "Load more" (the kit's
 * `ListTable`), in the invoices cache (`shared/sections/invoices`: the realtime feed refreshes it when
 * one is paid); "New invoice" opens the invoices section's editor with this project and its client chosen.
 */
export function InvoicesTab({ project }: { project: Project }) {
  const { t, lang } = useProjectTexts();
  const list = useCursorList({
    queryKey: invoiceKeys.list({ projectId: project.id, view: 'project' }),
    fetchPage: (cursor, signal): Promise<InvoiceList> =>
      callApi(
        api.GET('/api/invoices', {
          params: { query: { projectId: project.id, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) } },
          signal,
        }),
      ),
  });
  const newHref = `${INVOICES}/new?client=${project.client.id}&project=${project.id}`;
  const totals = list.first?.totals ?? [];
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
  const { columns, card } = invoiceColumns(t, lang);

  const newButton = (
    <Link to={newHref} className={buttonClass('primary', 'sm')}>
      <Plus aria-hidden="true" className="size-4" />
      {t('invoices.new')}
    </Link>
  );

  return (
    <div className="grid gap-4">
      {list.items?.length ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted">
            {t('invoices.summary', { open: written(sum(['sent', 'overdue'])), paid: written(sum(['paid'])) })}
          </p>
          {newButton}
        </div>
      ) : null}
      <ListTable
        label={t('detail.invoices')}
        columns={columns}
        rowKey={(invoice) => invoice.id}
        card={card}
        query={list}
        errorTitle={t('invoices.error')}
        empty={
          <StatePanel
            icon={<Receipt aria-hidden="true" className="size-6" />}
            title={t('invoices.emptyTitle')}
            body={t('invoices.emptyBody', { client: project.client.name })}
          >
            {newButton}
          </StatePanel>
        }
      />
    </div>
  );
}

export default InvoicesTab;
