import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/call';
import { api } from '../../shared/api/client';
import type { InvoiceReminders } from '../../shared/contracts/reminders';
import { invoiceKeys } from '../../shared/sections/invoices';

/**
 * The payment reminders of a sent invoice (`GET /api/invoices/{id}/reminders`, issue 28) for its history: the
 * ones sent and the next to come. A reminder the job sends arrives as live activity, which refetches this
 * (`applyInvoiceActivity`). Drafts have none (not asked).
 */
export function useInvoiceReminders(invoiceId: string, sent: boolean) {
  return useQuery({
    queryKey: invoiceKeys.reminders(invoiceId),
    enabled: sent,
    queryFn: ({ signal }): Promise<InvoiceReminders> =>
      callApi(api.GET('/api/invoices/{invoiceId}/reminders', { params: { path: { invoiceId } }, signal })),
  });
}
