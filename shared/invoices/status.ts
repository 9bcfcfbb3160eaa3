import type { InvoiceStatus } from '../contracts/invoices';
import type { StatusMap } from '../ui/status-badge';

/** Spec §4's invoice statuses in their order (the contract's list, without loading zod with a list). */
export const INVOICE_STATUSES = [
  'draft',
  'sent',
  'paid',
  'overdue',
  'cancelled',
] as const satisfies readonly InvoiceStatus[];

/**
 * The invoice statuses in the kit's badge, for the invoices section and the project page's Invoices tab:
 * open money stands out (overdue most), what is settled recedes. Labels are `status.<status>` of the
 * section's texts.
 */
export const INVOICE_STATUS: StatusMap<InvoiceStatus> = {
  draft: { label: 'status.draft', tone: 'neutral' },
  sent: { label: 'status.sent', tone: 'info' },
  paid: { label: 'status.paid', tone: 'success' },
  overdue: { label: 'status.overdue', tone: 'danger' },
  cancelled: { label: 'status.cancelled', tone: 'neutral' },
};
