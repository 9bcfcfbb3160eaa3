import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readAllClients, readAllProjects } from '../../shared/api/all-pages';
import { callApi } from '../../shared/api/call';
import { api, type paths } from '../../shared/api/client';
import type {
  Invoice,
  InvoiceList,
  InvoiceSent,
  InvoiceSettings,
  InvoiceStatus,
  InvoiceUpdate,
} from '../../shared/contracts/invoices';
import { applyInvoiceActivity, invoiceKeys, quoteKeys } from '../../shared/sections/invoices';
import { OVERVIEW_KEY } from '../../shared/sections/overview';
import { useCursorList } from '../../shared/ui/use-cursor-list';
import { stripeBusy } from './stripe-state';

/**
 * The invoices section's data: TanStack Query on the host's QueryClient, keys in `shared/sections/invoices`
 * (shared with the project page's Invoices tab and the realtime feed). The bodies and answers are the
 * contracts of `shared/contracts/invoices.ts`.
 */

/** A client to choose, with what the pre-send check reads of it (its billing address and VAT id). */
export type ClientOption = {
  id: string;
  name: string;
  language: 'en' | 'de';
  company?: string | null;
  billingStreet?: string | null;
  billingPostcode?: string | null;
  billingCity?: string | null;
  billingCountry?: string | null;
  vatId?: string | null;
};
export type ProjectOption = { id: string; name: string; clientId: string };
export type InvoiceListFilter = { status?: InvoiceStatus; clientId?: string; projectId?: string; q?: string };

/** A new draft's body as the API takes it (the generated type: defaulted fields are sent). */
export type InvoiceCreateBody = paths['/api/invoices']['post']['requestBody']['content']['application/json'];

/** Items per page of the list ("Load more" reads the next one by the API's cursor). */
export const PAGE_SIZE = 25;

const invoicePath = (invoiceId: string) => `/api/invoices/${encodeURIComponent(invoiceId)}`;

/** Where the PDFs are downloaded (attachments). */
export const invoicePdfUrl = (invoiceId: string) => `${invoicePath(invoiceId)}/pdf`;
export const creditNotePdfUrl = (invoiceId: string) => `${invoicePath(invoiceId)}/credit-note/pdf`;
/** The e-invoices (issue 28): XRechnung XML and ZUGFeRD PDF, of the invoice or of its credit note. */
export const eInvoiceUrl = (invoiceId: string, kind: 'xrechnung' | 'zugferd', creditNote = false) =>
  `${invoicePath(invoiceId)}${creditNote ? '/credit-note' : ''}/${kind}`;

/** The invoices matching `filter`, newest first, page by page (keyset: "Load more" follows `nextCursor`). */
export function useInvoiceList(filter: InvoiceListFilter) {
  return useCursorList({
    queryKey: invoiceKeys.list(filter),
    fetchPage: (cursor, signal): Promise<InvoiceList> =>
      callApi(
        api.GET('/api/invoices', {
          params: { query: { ...filter, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) } },
          signal,
        }),
      ),
  });
}

/**
 * One invoice. While a Stripe job of it is under way (created there after sending, closed there after
 * cancelling or paying, a late payment refunded) it is read again every 2 s, every 30 s once an attempt
 * failed and the job waits for its retry; a job that gives up also arrives as a live invoice event.
 */
export function useInvoice(invoiceId: string, enabled = true) {
  return useQuery({
    queryKey: invoiceKeys.detail(invoiceId),
    enabled,
    queryFn: ({ signal }): Promise<Invoice> =>
      callApi(api.GET('/api/invoices/{invoiceId}', { params: { path: { invoiceId } }, signal })),
    refetchInterval: (query) => {
      const invoice = query.state.data;
      if (!invoice || !stripeBusy(invoice)) return false;
      return invoice.stripe?.error ? 30_000 : 2_000;
    },
  });
}

/** Every client of the provider by name, with their language (the API answers 100 a page at most). */
export function useClientOptions() {
  return useQuery({
    queryKey: invoiceKeys.clients,
    queryFn: async ({ signal }): Promise<ClientOption[]> =>
      (await readAllClients(signal)).map((c) => ({
        id: c.id,
        name: c.name,
        language: c.language,
        company: c.company,
        billingStreet: c.billingStreet,
        billingPostcode: c.billingPostcode,
        billingCity: c.billingCity,
        billingCountry: c.billingCountry,
        vatId: c.vatId,
      })),
    staleTime: 60_000,
  });
}

/** The provider's projects by name, all of them (`clientId` '') or one client's. */
export function useProjectOptions(clientId: string, enabled = true) {
  return useQuery({
    queryKey: invoiceKeys.projects(clientId),
    enabled,
    queryFn: async ({ signal }): Promise<ProjectOption[]> =>
      (await readAllProjects(signal, clientId)).map(({ id, name, client }) => ({
        id,
        name,
        clientId: client.id,
      })),
    staleTime: 60_000,
  });
}

/** The provider's currency (the profile's, else by language: spec §9), a new invoice's default. */
export function useProviderCurrency() {
  return useQuery({
    queryKey: invoiceKeys.currency,
    queryFn: ({ signal }) => callApi(api.GET('/api/overview', { signal })).then((data) => data.currency),
    staleTime: 60_000,
  });
}

/**
 * After any change: the invoice's page gets the answer, the lists and the overview's figures refetch, and
 * so does the quote it bills (its page lists its invoices with their numbers and statuses).
 */
function useSettle() {
  const queryClient = useQueryClient();
  return (invoice: Invoice | null, invoiceId: string) => {
    const quote = (invoice ?? queryClient.getQueryData<Invoice>(invoiceKeys.detail(invoiceId)))?.quote;
    if (quote) void queryClient.invalidateQueries({ queryKey: quoteKeys.detail(quote.id), exact: true });
    if (invoice) queryClient.setQueryData(invoiceKeys.detail(invoice.id), invoice);
    else queryClient.removeQueries({ queryKey: invoiceKeys.detail(invoiceId), exact: true });
    void queryClient.invalidateQueries({ queryKey: OVERVIEW_KEY });
    return queryClient.invalidateQueries({ queryKey: invoiceKeys.lists });
  };
}

export function useCreateInvoice() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: InvoiceCreateBody): Promise<Invoice> => callApi(api.POST('/api/invoices', { body })),
    onSuccess: (invoice) => settle(invoice, invoice.id),
  });
}

export function useUpdateInvoice(invoiceId: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: InvoiceUpdate): Promise<Invoice> =>
      callApi(api.PATCH('/api/invoices/{invoiceId}', { params: { path: { invoiceId } }, body })),
    onSuccess: (invoice) => settle(invoice, invoiceId),
  });
}

export function useDeleteInvoice(invoiceId: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: () => callApi(api.DELETE('/api/invoices/{invoiceId}', { params: { path: { invoiceId } } })),
    onSuccess: () => settle(null, invoiceId),
  });
}

export function useSendInvoice(invoiceId: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (): Promise<InvoiceSent> =>
      callApi(api.POST('/api/invoices/{invoiceId}/send', { params: { path: { invoiceId } } })),
    onSuccess: (sent) => settle(sent.invoice, invoiceId),
  });
}

export function useChangeStatus(invoiceId: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: { status: 'paid' | 'overdue'; paidDate?: string }): Promise<Invoice> =>
      callApi(api.POST('/api/invoices/{invoiceId}/status', { params: { path: { invoiceId } }, body })),
    onSuccess: (invoice) => settle(invoice, invoiceId),
  });
}

/** Records a payment by hand (issue 28): partial, or the rest (then the invoice is paid). */
export function useRecordPayment(invoiceId: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: {
      amountCents: number;
      paidDate?: string;
      method?: string | null;
      note?: string | null;
    }): Promise<Invoice> =>
      callApi(api.POST('/api/invoices/{invoiceId}/payments', { params: { path: { invoiceId } }, body })),
    onSuccess: (invoice) => settle(invoice, invoiceId),
  });
}

/** Takes back a payment recorded by hand by mistake (issue 28); answers the invoice without it. */
export function useRemovePayment(invoiceId: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (paymentId: string): Promise<Invoice> =>
      callApi(
        api.DELETE('/api/invoices/{invoiceId}/payments/{paymentId}', {
          params: { path: { invoiceId, paymentId } },
        }),
      ),
    onSuccess: (invoice) => settle(invoice, invoiceId),
  });
}

export function useCancelInvoice(invoiceId: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: { reason: string | null }): Promise<Invoice> =>
      callApi(api.POST('/api/invoices/{invoiceId}/cancel', { params: { path: { invoiceId } }, body })),
    onSuccess: (invoice) => settle(invoice, invoiceId),
  });
}

/**
 * The provider's invoice settings (default tax rate and payment term) for a new draft. Optional: a failure
 * prefills nothing.
 */
export function useInvoiceSettings() {
  return useQuery({
    queryKey: invoiceKeys.settings,
    queryFn: ({ signal }): Promise<InvoiceSettings | null> =>
      callApi(api.GET('/api/invoice-settings', { signal })).catch(() => null),
    staleTime: 60_000,
  });
}

/** Refetches whatever shows invoices (after a 409: the invoice changed meanwhile). */
export function useRefreshInvoice() {
  const queryClient = useQueryClient();
  return (invoiceId: string) => applyInvoiceActivity(queryClient, invoiceId);
}
