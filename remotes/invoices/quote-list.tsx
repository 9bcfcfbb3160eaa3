import { FileSignature, Plus } from 'lucide-react';
import type { QuoteSummary } from '../../shared/contracts/quotes';
import { QUOTE_STATUS, QUOTE_STATUSES } from '../../shared/invoices/status';
import { Link } from '../../shared/router';
import { buttonClass } from '../../shared/ui/button';
import type { Column } from '../../shared/ui/data-table';
import { ListPage } from '../../shared/ui/list-page';
import { StatusBadge } from '../../shared/ui/status-badge';
import { formatDay, money } from './format';
import { useInvoiceTexts } from './i18n';
import { INVOICES_BASE } from './invoice-table';
import { ListCard, useClientStatusList } from './list-parts';
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
    <ListCard
      title={<QuoteNumber quote={quote} />}
      subtitle={quote.client.name}
      amount={money(quote.amountCents, quote.currency, lang)}
      facts={
        <>
          <StatusBadge status={quote.status} map={QUOTE_STATUS} t={t} />
          <span>{t('quotes.validUntilDate', { date: formatDay(quote.validUntil, lang) })}</span>
        </>
      }
    />
  );
}

/**
 * The provider's quotes (`/dashboard/invoices/quotes`, issue 28), beside the invoices: search, client filter
 * and status chips in the URL, newest first with "Load more"; the kit's list page as the invoices'.
 */
export function QuoteList() {
  const { t, lang } = useInvoiceTexts();
  const { params, client, query, filters } = useClientStatusList(QUOTE_STATUSES, (value) =>
    t(`quotes.status.${value}`),
  );
  const list = useQuoteList(query);
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
      filters={filters}
      empty={{ icon: FileSignature, action: newQuote }}
    />
  );
}
