import type { InvoiceStatus } from '../../shared/contracts/invoices';
import { useInvoiceTexts } from './i18n';

/** Spec §4's statuses in their order (a copy of the contract's list without loading zod with the list). */
export const STATUSES = [
  'draft',
  'sent',
  'paid',
  'overdue',
  'cancelled',
] as const satisfies readonly InvoiceStatus[];

/** One colour per status: open money stands out (overdue most), what is settled recedes. */
const TONES: Record<InvoiceStatus, { badge: string; dot: string }> = {
  draft: { badge: 'bg-surface text-muted ring-line', dot: 'bg-slate-400' },
  sent: { badge: 'bg-sky-50 text-sky-800 ring-sky-200', dot: 'bg-sky-500' },
  paid: { badge: 'bg-success-soft text-success ring-success/25', dot: 'bg-success' },
  overdue: { badge: 'bg-danger-soft text-danger ring-danger/25', dot: 'bg-danger' },
  cancelled: { badge: 'bg-surface text-subtle ring-line', dot: 'bg-slate-300' },
};

/** The invoice's status as a small labelled pill. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useInvoiceTexts();
  const tone = TONES[status];
  return (
    <span
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tone.badge}`}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${tone.dot}`} />
      {t(`status.${status}`)}
    </span>
  );
}
