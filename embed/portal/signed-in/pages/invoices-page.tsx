import { Receipt } from 'lucide-react';
import type { PortalInvoice } from '../../../../shared/contracts/portal-client';
import { formatDate } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import { Card } from '../../../../shared/ui/card';
import { useI18n } from '../../i18n/i18n-context';
import { useFirstContentMark } from '../../ui/first-content';
import { usePageTitle } from '../../ui/use-page-title';
import { formatCalendarDate } from '../format';
import { useInvoices } from '../portal-data';
import { useSignedIn } from '../signed-in-context';
import { EmptyState } from '../ui/empty-state';
import { LoadFailed, LoadingRows } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';
import { StatusBadge } from '../ui/status-badge';
import { useHashTarget } from '../ui/use-hash-target';

/** Open amounts per currency (never added across currencies). */
function openTotals(items: PortalInvoice[], lang: string): string {
  const sums = new Map<string, number>();
  for (const invoice of items) {
    if (invoice.status === 'sent' || invoice.status === 'overdue') {
      sums.set(invoice.currency, (sums.get(invoice.currency) ?? 0) + invoice.amountCents);
    }
  }
  return [...sums].map(([currency, cents]) => formatMoney(cents, lang, currency)).join(' · ');
}

function InvoiceRow({ invoice }: { invoice: PortalInvoice }) {
  const { t, lang } = useI18n();
  const when =
    invoice.status === 'paid' && invoice.paidAt
      ? t('invoices.paidOn', { date: formatDate(invoice.paidAt, lang) })
      : invoice.dueDate
        ? t('invoices.dueOn', { date: formatCalendarDate(invoice.dueDate, lang) })
        : t('invoices.noDueDate');
  return (
    <li
      id={`invoice-${invoice.id}`}
      tabIndex={-1}
      className="grid gap-2 p-4 outline-none focus:bg-primary-soft sm:grid-cols-[1fr_auto] sm:items-center sm:gap-6 sm:px-5"
    >
      <div className="grid min-w-0 gap-0.5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 className="font-semibold">{invoice.number}</h2>
          {invoice.project ? <span className="text-sm text-muted">{invoice.project.name}</span> : null}
        </div>
        {invoice.description ? <p className="text-sm text-muted">{invoice.description}</p> : null}
        <p className="text-sm text-muted">{when}</p>
      </div>
      <div className="flex items-center justify-between gap-3 sm:justify-end">
        <span className="text-lg font-semibold tabular-nums">
          {formatMoney(invoice.amountCents, lang, invoice.currency)}
        </span>
        <StatusBadge kind="invoice" status={invoice.status} />
      </div>
    </li>
  );
}

/** The client's invoices (never drafts), with what is still open. */
export default function InvoicesPage() {
  const { t, lang } = useI18n();
  const { portalId, branding } = useSignedIn();
  const invoices = useInvoices(portalId);
  usePageTitle(t('nav.invoices'), branding?.name);
  useHashTarget(invoices.isSuccess);
  useFirstContentMark(invoices.data !== undefined);
  const open = invoices.data ? openTotals(invoices.data.items, lang) : '';
  return (
    <>
      <PageHeader
        title={t('invoices.title')}
        description={open ? t('invoices.open', { amount: open }) : t('invoices.subtitle')}
      />
      {invoices.data ? (
        <Card className="overflow-hidden">
          {invoices.data.items.length === 0 ? (
            <EmptyState icon={Receipt} title={t('invoices.empty')} body={t('invoices.emptyBody')} />
          ) : (
            <ul className="divide-y divide-line">
              {invoices.data.items.map((invoice) => (
                <InvoiceRow key={invoice.id} invoice={invoice} />
              ))}
            </ul>
          )}
        </Card>
      ) : invoices.error ? (
        <LoadFailed message={invoices.error.message} onRetry={() => void invoices.refetch()} />
      ) : (
        <LoadingRows />
      )}
    </>
  );
}
