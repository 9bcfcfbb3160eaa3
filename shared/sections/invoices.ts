import type { QueryClient } from '@tanstack/react-query';
import type { ActivityType } from '../contracts/activity';
import { isActivityOf } from '../remotes';
import { OVERVIEW_KEY } from './overview';
import { activityOf, type SectionLive } from './section-live';

/**
 * The dashboard's TanStack Query keys for invoices, under `['invoices', …]`: the invoices section and the
 * project page's Invoices tab read the same cache, and the realtime feed updates it through these keys.
 * No runtime imports but the registry, so the host's live wiring and the projects remote may import it.
 */
export const invoiceKeys = {
  all: ['invoices'] as const,
  /** Every list (the section's, each project's tab), whatever the filters (prefix of `list`). */
  lists: ['invoices', 'list'] as const,
  list: (query: object) => ['invoices', 'list', query] as const,
  /** Every invoice page (prefix of `detail`). */
  details: ['invoices', 'detail'] as const,
  /** One invoice (`GET /api/invoices/{id}`). */
  detail: (invoiceId: string) => ['invoices', 'detail', invoiceId] as const,
  /** One invoice's payment reminders (`GET /api/invoices/{id}/reminders`, issue 28). */
  reminders: (invoiceId: string) => ['invoices', 'reminders', invoiceId] as const,
  /** The provider's clients (the filter and the editor's picker). */
  clients: ['invoices', 'clients'] as const,
  /** The provider's projects, all of them or one client's (`clientId` or ''). */
  projects: (clientId: string) => ['invoices', 'projects', clientId] as const,
  /** The provider's invoice settings (a new draft's tax rate and due date). */
  settings: ['invoices', 'settings'] as const,
  /** The provider's currency (`/api/overview`): the editor's default. */
  currency: ['invoices', 'currency'] as const,
};

/** The quotes' keys (issue 28), under the section's `['invoices', 'quotes', …]`. */
export const quoteKeys = {
  all: ['invoices', 'quotes'] as const,
  lists: ['invoices', 'quotes', 'list'] as const,
  list: (query: object) => ['invoices', 'quotes', 'list', query] as const,
  detail: (quoteId: string) => ['invoices', 'quotes', 'detail', quoteId] as const,
};

/** Activity types that concern invoices (the invoices record's `activity` in `shared/remotes.ts`). */
export const isInvoiceActivity = (type: ActivityType): boolean => isActivityOf('invoices', type);

/**
 * A live invoice event (`invoice_created` / `invoice_status`, e.g. a client's payment through Stripe): the
 * lists and their totals refetch, the overview's figures too, and the invoice's page if it is cached (every
 * cached invoice page when the row names none).
 */
export function applyInvoiceActivity(queryClient: QueryClient, invoiceId: string | undefined): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: invoiceKeys.lists }),
    queryClient.invalidateQueries({ queryKey: OVERVIEW_KEY }),
    invoiceId
      ? queryClient.invalidateQueries({ queryKey: invoiceKeys.detail(invoiceId), exact: true })
      : queryClient.invalidateQueries({ queryKey: invoiceKeys.details }),
    // A reminder sent (an `invoice_status` row with `event: 'reminder_sent'`) shows in the invoice's history.
    queryClient.invalidateQueries({
      queryKey: invoiceId ? invoiceKeys.reminders(invoiceId) : ['invoices', 'reminders'],
    }),
  ]).then(() => undefined);
}

/** The invoices section's part of the dashboard's live feed: an invoice created or moved (paid, overdue…). */
export const invoicesLive: SectionLive = {
  root: ['invoices'],
  apply(client, event) {
    const activity = activityOf(event);
    if (activity?.item.type === 'quote_status') {
      // A quote sent, accepted or declined (the client's decision arrives live): its lists and page refetch.
      void client.invalidateQueries({ queryKey: quoteKeys.all });
    } else if (activity && isInvoiceActivity(activity.item.type)) {
      void applyInvoiceActivity(client, activity.item.invoice?.id);
    }
  },
};
