import type { PortalInvoiceDetail } from '../../../../shared/contracts/invoices';

/*
 * A card payment that reached a closed invoice (the client paid on a page left open after the provider
 * cancelled it or marked it paid): the server refunds it automatically (issue 26) and the invoice lists it
 * under `refunds`. The portal says what happened to it, in the words of the invoice's state.
 */

/** The text of one refund: `invoice.refund.<cancelled|paid>.<outcome>` ({{amount}}, {{date}}). */
export function refundKey(
  status: PortalInvoiceDetail['status'],
  outcome: PortalInvoiceDetail['refunds'][number]['outcome'],
): string {
  return `invoice.refund.${status === 'cancelled' ? 'cancelled' : 'paid'}.${outcome}`;
}
