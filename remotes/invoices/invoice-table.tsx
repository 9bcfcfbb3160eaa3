import type { InvoiceSummary } from '../../shared/contracts/invoices';
import { formatDate } from '../../shared/format/date';
import { INVOICE_STATUS } from '../../shared/invoices/status';
import { Link } from '../../shared/router';
import type { Column } from '../../shared/ui/data-table';
import { StatusBadge } from '../../shared/ui/status-badge';
import { formatDay, money } from './format';
import { useInvoiceTexts } from './i18n';

export const INVOICES_BASE = '/dashboard/invoices';
export const invoicePath = (invoiceId: string) => `${INVOICES_BASE}/${invoiceId}`;

type T = (key: string, values?: Record<string, string | null>) => string;

const Dash = () => <span className="text-subtle">—</span>;

/** "INV-0007", or "Draft" for an invoice without a number yet. */
function InvoiceNumber({ invoice }: { invoice: InvoiceSummary }) {
  const { t } = useInvoiceTexts();
  return (
    <Link
      to={invoicePath(invoice.id)}
      className={`font-medium hover:text-primary ${invoice.number ? 'text-ink tabular-nums' : 'text-muted italic'}`}
    >
      {invoice.number ?? t('draftNumber')}
    </Link>
  );
}

/**
 * The list's columns: number, client and project (long names wrap, two lines at most), amount, status,
 * and the due, issued and paid days; "Issued" (the day it was sent, also on the invoice's page) steps aside
 * in a frame under 64 rem, so at 1280 px with the sidebar open the others stay whole, in German too.
 */
export function invoiceColumns(t: T, lang: string): Column<InvoiceSummary>[] {
  const day = (value: string | null) => (value ? formatDay(value, lang) : null);
  const instant = (value: string | null) => (value ? formatDate(value, lang) : null);
  return [
    { id: 'number', header: t('columns.number'), cell: (invoice) => <InvoiceNumber invoice={invoice} /> },
    {
      id: 'client',
      header: t('columns.client'),
      long: (invoice) => invoice.client.name,
      cell: (invoice) => invoice.client.name,
    },
    {
      id: 'project',
      header: t('columns.project'),
      long: (invoice) => invoice.project?.name ?? '',
      className: 'text-muted',
      cell: (invoice) => invoice.project?.name ?? <Dash />,
    },
    {
      id: 'amount',
      header: t('columns.amount'),
      align: 'right',
      className: 'font-medium tabular-nums',
      cell: (invoice) => money(invoice.amountCents, invoice.currency, lang),
    },
    {
      id: 'status',
      header: t('columns.status'),
      cell: (invoice) => <StatusBadge status={invoice.status} map={INVOICE_STATUS} t={t} />,
    },
    {
      id: 'due',
      header: t('columns.due'),
      className: 'tabular-nums',
      cell: (invoice) => (
        <span className={invoice.status === 'overdue' ? 'font-medium text-danger' : 'text-muted'}>
          {day(invoice.dueDate) ?? <Dash />}
        </span>
      ),
    },
    {
      id: 'issued',
      header: t('columns.issued'),
      hideBelow: '5xl',
      className: 'text-muted tabular-nums',
      cell: (invoice) => instant(invoice.issuedAt) ?? <Dash />,
    },
    {
      id: 'paid',
      header: t('columns.paid'),
      className: 'text-muted tabular-nums',
      cell: (invoice) => instant(invoice.paidAt) ?? <Dash />,
    },
  ];
}

/** An invoice on a phone: number, client and project, amount, status and its due or paid day. */
export function InvoiceCard({ invoice }: { invoice: InvoiceSummary }) {
  const { t, lang } = useInvoiceTexts();
  return (
    <div className="grid gap-2 rounded-2xl border border-line p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-0.5">
          <InvoiceNumber invoice={invoice} />
          <p className="truncate text-sm text-muted">
            {invoice.client.name}
            {invoice.project ? ` · ${invoice.project.name}` : ''}
          </p>
        </div>
        <span className="font-semibold whitespace-nowrap tabular-nums">
          {money(invoice.amountCents, invoice.currency, lang)}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
        <StatusBadge status={invoice.status} map={INVOICE_STATUS} t={t} />
        {invoice.paidAt ? (
          <span>{t('card.paid', { date: formatDate(invoice.paidAt, lang) })}</span>
        ) : invoice.dueDate ? (
          <span className={invoice.status === 'overdue' ? 'font-medium text-danger' : ''}>
            {t('card.due', { date: formatDay(invoice.dueDate, lang) })}
          </span>
        ) : null}
      </div>
    </div>
  );
}
