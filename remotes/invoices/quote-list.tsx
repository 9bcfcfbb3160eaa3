import { FileSignature, Plus } from 'lucide-react';
import type { QuoteSummary } from '../../shared/contracts/quotes';
import { QUOTE_STATUS, QUOTE_STATUSES } from '../../shared/invoices/status';
import { Link } from '../../shared/router';
import { buttonClass } from '../../shared/ui/button';
import type { Column } from '../../shared/ui/data-table';
import { ListPage } from '../../shared/ui/list-page';
import { StatusBadge } from '../../shared/ui/status-badge';
import { useListParams } from '../../shared/ui/use-list-url';
import { useClientOptions } from './api';
import { formatDay, money } from './format';
import { useInvoiceTexts } from './i18n';
import { INVOICES_BASE } from './invoice-table';
import { useQuoteList } from './quotes-api';
import { SectionNav } from './section-nav';

export const QUOTES_BASE = `${INVOICES_BASE}/quotes`;
export const quotePagePath = (quoteId: string) => `${QUOTES_BASE}/${quoteId}`;

type T = (key: string, values?: Record<string, string | null>) => string;

function QuoteNumber({ quote }: { quote: QuoteSummary }) {
  const { t } = useInvoiceTexts();
  return (
    <Link
      to={quotePagePath(quote.id)}
      className={`font-medium hover:text-primary ${quote.number ? 'text-ink tabular-nums' : 'text-muted italic'}`}
    >
      {quote.number ?? t('draftNumber')}
    </Link>
  );
}

function quoteColumns(t: T, lang: string): Column<QuoteSummary>[] {
  return [
    { id: 'number', header: t('columns.number'), cell: (quote) => <QuoteNumber quote={quote} /> },
    { id: 'client', header: t('columns.client'), long: (q) => q.client.name, cell: (q) => q.client.name },
    {
      id: 'amount',
      header: t('columns.amount'),
      align: 'right',
      className: 'font-medium tabular-nums',
      cell: (q) => money(q.amountCents, q.currency, lang),
    },
    {
      id: 'status',
      header: t('columns.status'),
      cell: (q) => <StatusBadge status={q.status} map={QUOTE_STATUS} t={t} />,
    },
    {
      id: 'valid',
      header: t('quotes.validUntil'),
      className: 'text-muted tabular-nums',
      cell: (q) => formatDay(q.validUntil, lang),
    },
  ];
}

function QuoteCard({ quote }: { quote: QuoteSummary }) {
  const { t, lang } = useInvoiceTexts();
  return (
    <div className="grid gap-2 rounded-2xl border border-line p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-0.5">
          <QuoteNumber quote={quote} />
          <p className="truncate text-sm text-muted">{quote.client.name}</p>
        </div>
        <span className="font-semibold whitespace-nowrap tabular-nums">
          {money(quote.amountCents, quote.currency, lang)}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
        <StatusBadge status={quote.status} map={QUOTE_STATUS} t={t} />
        <span>{t('quotes.validUntilDate', { date: formatDay(quote.validUntil, lang) })}</span>
      </div>
    </div>
  );
}

/**
 * The provider's quotes (`/dashboard/invoices/quotes`, issue 28), beside the invoices: search, client filter
 * and status chips in the URL, newest first with "Load more"; the kit's list page as the invoices'.
 */
export function QuoteList() {
  const { t, lang } = useInvoiceTexts();
  const params = useListParams({ filters: { status: QUOTE_STATUSES, client: 'uuid' } });
  const { status, client } = params.filters;
  const clients = useClientOptions();
  const list = useQuoteList({
    ...(status ? { status } : {}),
    ...(client ? { clientId: client } : {}),
    ...(params.search ? { q: params.search } : {}),
  });
  /** The list kit reads the section's standard keys; the quotes' live under `quotes.`. */
  const qt = (key: string) => (key.startsWith('columns.') ? t(key) : t(`quotes.${key}`));
  const newQuote = (
    <Link to={`${QUOTES_BASE}/new${client ? `?client=${client}` : ''}`} className={buttonClass('primary')}>
      <Plus aria-hidden="true" className="size-4" />
      {t('quotes.new')}
    </Link>
  );
  return (
    <ListPage
      t={qt}
      params={params}
      query={list}
      sortable={false}
      columns={quoteColumns(t, lang)}
      rowKey={(quote) => quote.id}
      card={(quote) => <QuoteCard quote={quote} />}
      actions={newQuote}
      above={<SectionNav />}
      filters={[
        {
          key: 'client',
          label: t('filter.client'),
          allLabel: t('filter.allClients'),
          options: (clients.data ?? []).map((option) => ({ value: option.id, label: option.name })),
        },
        {
          key: 'status',
          label: t('filter.status'),
          allLabel: t('quotes.allStatuses'),
          options: QUOTE_STATUSES.map((value) => ({ value, label: t(`quotes.status.${value}`) })),
        },
      ]}
      empty={{ icon: FileSignature, action: newQuote }}
    />
  );
}
