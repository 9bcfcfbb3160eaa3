import type { InvoiceStatus } from '../contracts/invoices';
import type { QuoteStatus } from '../contracts/quotes';
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

/** The quote statuses in their order (issue 28; the contract's list, without loading zod with a list). */
export const QUOTE_STATUSES = [
  'draft',
  'sent',
  'accepted',
  'declined',
  'expired',
] as const satisfies readonly QuoteStatus[];

/** The quote statuses in the kit's badge (labels `quotes.status.<status>` of the invoices section's texts). */
export const QUOTE_STATUS: StatusMap<QuoteStatus> = {
  draft: { label: 'quotes.status.draft', tone: 'neutral' },
  sent: { label: 'quotes.status.sent', tone: 'info' },
  accepted: { label: 'quotes.status.accepted', tone: 'success' },
  declined: { label: 'quotes.status.declined', tone: 'danger' },
  expired: { label: 'quotes.status.expired', tone: 'warning' },
};
