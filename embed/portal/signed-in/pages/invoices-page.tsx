import { ChevronRight, Receipt } from 'lucide-react';
import type { PortalInvoice } from '../../../../shared/contracts/portal-client';
import type { PortalQuote } from '../../../../shared/contracts/quotes';
import { formatDate } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import { Card } from '../../../../shared/ui/card';
import { useI18n } from '../../i18n/i18n-context';
import { Link } from '../../navigation/link';
import { useFirstContentMark } from '../../ui/first-content';
import { usePageTitle } from '../../ui/use-page-title';
import { formatCalendarDate } from '../format';
import { AutopaySection } from '../invoices/autopay-section';
import { dueCounts, dueState } from '../invoices/due-state';
import { dueSuffix, withDueSuffix } from '../invoices/due-text';
import {
  type CurrencyTotal,
  groupInvoices,
  isUnpaid,
  localToday,
  shownStatus,
} from '../invoices/invoice-list';
import { useInvoices, useQuotes } from '../portal-data';
import { useSignedIn } from '../signed-in-context';
import { EmptyState } from '../ui/empty-state';
import { LoadFailed, LoadingRows } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';
import { StatusBadge } from '../ui/status-badge';
import { useHashTarget } from '../ui/use-hash-target';

function InvoiceRow({ invoice, today }: { invoice: PortalInvoice; today: string }) {
  const { t, lang } = useI18n();
  const { invoicePathTo } = useSignedIn();
  const status = shownStatus(invoice, today);
  const due = invoice.dueDate ? formatCalendarDate(invoice.dueDate, lang) : '';
  const when =
    invoice.status === 'paid' && invoice.paidAt
      ? t('invoices.paidOn', { date: formatDate(invoice.paidAt, lang) })
      : invoice.status === 'cancelled'
        ? null
        : !due
          ? t('invoices.noDueDate')
          : withDueSuffix(
              status === 'overdue'
                ? t('invoices.overdueSince', { date: due })
                : t('invoices.dueOn', { date: due }),
              dueSuffix(t, dueState(invoice, today)),
            );
  return (
    <li id={`invoice-${invoice.id}`} tabIndex={-1} className="outline-none focus:bg-primary-soft">
      <Link
        to={invoicePathTo(invoice.id)}
        className="group grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-2 p-4 hover:bg-surface focus-visible:bg-primary-soft focus-visible:outline-none sm:grid-cols-[1fr_auto_auto] sm:gap-x-6 sm:px-5"
      >
        <span className="grid min-w-0 gap-0.5">
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-semibold">{invoice.number}</span>
            {invoice.project ? <span className="text-sm text-muted">{invoice.project.name}</span> : null}
          </span>
          {invoice.description ? (
            <span className="line-clamp-2 text-sm text-muted">{invoice.description}</span>
          ) : null}
          {when ? (
            <span className={status === 'overdue' ? 'text-sm font-medium text-danger' : 'text-sm text-muted'}>
              {when}
            </span>
          ) : null}
        </span>
        <span className="col-start-1 row-start-2 flex items-center justify-between gap-3 sm:col-start-2 sm:row-start-1 sm:justify-end">
          <span
            className={
              invoice.status === 'cancelled'
                ? 'text-lg font-semibold text-muted tabular-nums line-through'
                : 'text-lg font-semibold tabular-nums'
            }
          >
            {formatMoney(invoice.amountCents, lang, invoice.currency)}
            {/* Partly paid (issue 28): what is still due beside the total. */}
            {isUnpaid(invoice.status) && invoice.balanceCents < invoice.amountCents ? (
              <span className="block text-sm font-normal text-muted" data-testid="invoice-row-balance">
                {t('partialPayment.due', {
                  amount: formatMoney(invoice.balanceCents, lang, invoice.currency),
                })}
              </span>
            ) : null}
          </span>
          <StatusBadge kind="invoice" status={status} />
        </span>
        <ChevronRight
          aria-hidden="true"
          className="row-span-2 size-5 text-subtle group-hover:text-ink sm:row-span-1"
        />
      </Link>
    </li>
  );
}

/** What is open, per currency (never added across currencies), with how many invoices. */
function OpenTotals({
  totals,
  counts,
}: {
  totals: CurrencyTotal[];
  counts: { overdue: number; due: number };
}) {
  const { t, lang } = useI18n();
  return (
    <Card
      role="region"
      aria-labelledby="open-totals"
      className="mb-6 grid gap-3 border-primary/30 bg-primary-soft p-5"
    >
      <h2 id="open-totals" className="text-sm font-medium text-muted">
        {t('invoices.totalToPay')}
      </h2>
      <ul className="flex flex-wrap gap-x-10 gap-y-3">
        {totals.map((total) => (
          <li key={total.currency} className="grid gap-0.5">
            <span className="text-2xl font-semibold tabular-nums sm:text-3xl">
              {formatMoney(total.amountCents, lang, total.currency)}
            </span>
            <span className="text-sm text-muted">{t('invoices.invoiceCount', { count: total.count })}</span>
          </li>
        ))}
      </ul>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {counts.overdue > 0 ? (
          <span className="font-medium text-danger">
            {t('invoiceDue.overdueCount', { count: counts.overdue })}
          </span>
        ) : null}
        {counts.due > 0 ? (
          <span className="text-muted">{t('invoiceDue.dueCount', { count: counts.due })}</span>
        ) : null}
      </p>
    </Card>
  );
}

function InvoiceSection({
  id,
  title,
  items,
  today,
}: {
  id: string;
  title: string;
  items: PortalInvoice[];
  today: string;
}) {
  return (
    <section aria-labelledby={id} className="grid content-start gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <Card className="overflow-hidden">
        <ul className="divide-y divide-line">
          {items.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} today={today} />
          ))}
        </ul>
      </Card>
    </section>
  );
}

/**
 * The client's quotes (issue 28), above the invoices: each opens its page, where one waiting for a
 * decision is accepted or declined. Nothing shows without quotes.
 */
function QuoteSection() {
  const { t, lang } = useI18n();
  const { portalId, quotePathTo } = useSignedIn();
  const quotes = useQuotes(portalId);
  const items = quotes.data?.items ?? [];
  if (items.length === 0) return null;
  const when = (quote: PortalQuote) => {
    if (quote.decision?.outcome === 'accepted')
      return t('quotes.acceptedOn', { date: formatDate(quote.decision.at, lang) });
    if (quote.decision?.outcome === 'declined')
      return t('quotes.declinedOn', { date: formatDate(quote.decision.at, lang) });
    const valid = formatCalendarDate(quote.validUntil, lang);
    return quote.status === 'expired'
      ? t('quotes.expiredOn', { date: valid })
      : t('quotes.validUntil', { date: valid });
  };
  return (
    <section aria-labelledby="quotes" className="mb-8 grid content-start gap-3">
      <h2 id="quotes" className="text-lg font-semibold">
        {t('quotes.title')}
      </h2>
      <Card className="overflow-hidden">
        <ul className="divide-y divide-line" data-testid="portal-quotes">
          {items.map((quote) => (
            <li key={quote.id}>
              <Link
                to={quotePathTo(quote.id)}
                className="group grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-2 p-4 hover:bg-surface focus-visible:bg-primary-soft focus-visible:outline-none sm:grid-cols-[1fr_auto_auto] sm:gap-x-6 sm:px-5"
              >
                <span className="grid min-w-0 gap-0.5">
                  <span className="font-semibold">{quote.number}</span>
                  {quote.description ? (
                    <span className="line-clamp-2 text-sm text-muted">{quote.description}</span>
                  ) : null}
                  <span className="text-sm text-muted">{when(quote)}</span>
                </span>
                <span className="col-start-1 row-start-2 flex items-center justify-between gap-3 sm:col-start-2 sm:row-start-1 sm:justify-end">
                  <span className="text-lg font-semibold tabular-nums">
                    {formatMoney(quote.amountCents, lang, quote.currency)}
                  </span>
                  <StatusBadge kind="quote" status={quote.status} />
                </span>
                <ChevronRight
                  aria-hidden="true"
                  className="row-span-2 size-5 text-subtle group-hover:text-ink sm:row-span-1"
                />
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}

/**
 * The client's invoices (never drafts): what is still to pay first, with its total per currency, then
 * what is paid or cancelled. Each opens its own page (lines, totals, PDF, payment).
 */
export default function InvoicesPage() {
  const { t } = useI18n();
  const { portalId, branding } = useSignedIn();
  const invoices = useInvoices(portalId);
  usePageTitle(t('nav.invoices'), branding?.name);
  useHashTarget(invoices.isSuccess);
  useFirstContentMark(invoices.data !== undefined);
  const today = localToday();
  const groups = invoices.data ? groupInvoices(invoices.data.items, today) : null;
  return (
    <>
      <PageHeader title={t('invoices.title')} description={t('invoices.subtitle')} />
      <QuoteSection />
      <AutopaySection />
      {groups && invoices.data ? (
        invoices.data.items.length === 0 ? (
          <Card>
            <EmptyState icon={Receipt} title={t('invoices.empty')} body={t('invoices.emptyBody')} />
          </Card>
        ) : (
          <div className="grid gap-8">
            {groups.unpaid.length > 0 ? (
              <div>
                <OpenTotals totals={groups.openTotals} counts={dueCounts(groups.unpaid, today)} />
                <InvoiceSection
                  id="invoices-to-pay"
                  title={t('invoices.toPay')}
                  items={groups.unpaid}
                  today={today}
                />
              </div>
            ) : (
              <Card className="p-5">
                <p className="font-semibold">{t('invoices.nothingToPay')}</p>
                <p className="text-sm text-muted">{t('invoices.nothingToPayBody')}</p>
              </Card>
            )}
            {groups.settled.length > 0 ? (
              <InvoiceSection
                id="invoices-settled"
                title={t('invoices.settled')}
                items={groups.settled}
                today={today}
              />
            ) : null}
          </div>
        )
      ) : invoices.error ? (
        <LoadFailed message={invoices.error.message} onRetry={() => void invoices.refetch()} />
      ) : (
        <LoadingRows />
      )}
    </>
  );
}
