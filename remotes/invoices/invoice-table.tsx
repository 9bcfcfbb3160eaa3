import type { InvoiceSummary } from '../../shared/contracts/invoices';
import { formatDate } from '../../shared/format/date';
import { Link } from '../../shared/router';
import { formatDay, money } from './format';
import { useInvoiceTexts } from './i18n';
import { InvoiceStatusBadge } from './status-badge';

export const INVOICES_BASE = '/dashboard/invoices';
export const invoicePath = (invoiceId: string) => `${INVOICES_BASE}/${invoiceId}`;

const COLUMNS: { label: string; align?: 'right' }[] = [
  { label: 'columns.number' },
  { label: 'columns.client' },
  { label: 'columns.project' },
  { label: 'columns.amount', align: 'right' },
  { label: 'columns.status' },
  { label: 'columns.due' },
  { label: 'columns.issued' },
  { label: 'columns.paid' },
];

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

/** The invoices loaded so far: a table from 768 px, cards below. */
export function InvoiceTable({ items }: { items: InvoiceSummary[] }) {
  const { t, lang } = useInvoiceTexts();
  const day = (value: string | null) => (value ? formatDay(value, lang) : null);
  const instant = (value: string | null) => (value ? formatDate(value, lang) : null);
  return (
    <>
      <div className="overflow-x-auto rounded-2xl border border-line max-md:hidden">
        <table className="w-full text-left text-sm">
          <thead className="bg-surface text-muted">
            <tr>
              {COLUMNS.map(({ label, align }) => (
                <th
                  key={label}
                  scope="col"
                  className={`px-4 py-2.5 font-medium whitespace-nowrap ${align === 'right' ? 'text-right' : ''}`}
                >
                  {t(label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {items.map((invoice) => (
              <tr key={invoice.id} className="hover:bg-surface/60">
                <td className="px-4 py-3 whitespace-nowrap">
                  <InvoiceNumber invoice={invoice} />
                </td>
                <td className="max-w-48 truncate px-4 py-3">{invoice.client.name}</td>
                <td className="max-w-48 truncate px-4 py-3 text-muted">
                  {invoice.project?.name ?? <Dash />}
                </td>
                <td className="px-4 py-3 text-right font-medium whitespace-nowrap tabular-nums">
                  {money(invoice.amountCents, invoice.currency, lang)}
                </td>
                <td className="px-4 py-3">
                  <InvoiceStatusBadge status={invoice.status} />
                </td>
                <td
                  className={`px-4 py-3 whitespace-nowrap tabular-nums ${invoice.status === 'overdue' ? 'font-medium text-danger' : 'text-muted'}`}
                >
                  {day(invoice.dueDate) ?? <Dash />}
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-muted tabular-nums">
                  {instant(invoice.issuedAt) ?? <Dash />}
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-muted tabular-nums">
                  {instant(invoice.paidAt) ?? <Dash />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 md:hidden">
        {items.map((invoice) => (
          <li key={invoice.id} className="grid gap-2 rounded-2xl border border-line p-4">
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
              <InvoiceStatusBadge status={invoice.status} />
              {invoice.paidAt ? (
                <span>{t('card.paid', { date: instant(invoice.paidAt) })}</span>
              ) : invoice.dueDate ? (
                <span className={invoice.status === 'overdue' ? 'font-medium text-danger' : ''}>
                  {t('card.due', { date: day(invoice.dueDate) })}
                </span>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
