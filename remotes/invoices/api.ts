import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callApi, readResponse } from '../../shared/api/call';
import { api } from '../../shared/api/client';
import { networkError, toApiError } from '../../shared/api/error';
import type {
  Invoice,
  InvoiceCreate,
  InvoiceList,
  InvoiceSent,
  InvoiceUpdate,
} from '../../shared/contracts/invoices';
import { applyInvoiceActivity, invoiceKeys, OVERVIEW_KEY } from '../../shared/invoices/query-keys';

/**
 * The invoices section's data: TanStack Query on the host's QueryClient, keys in `shared/invoices/query-keys`
 * (shared with the project page's Invoices tab and the realtime feed). The bodies and answers are the
 * contracts of `shared/contracts/invoices.ts`.
 */

export type ClientOption = { id: string; name: string; language: 'en' | 'de' };
export type ProjectOption = { id: string; name: string; clientId: string };
export type InvoiceListFilter = { status?: string; clientId?: string; projectId?: string; q?: string };

/** Items per page of the list ("Load more" reads the next one by the API's cursor). */
export const PAGE_SIZE = 25;

/** A call of the invoice routes with the session cookie and the interface language; failures are ApiErrors. */
async function invoiceCall<T>(
  method: string,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': document.documentElement.lang || 'en',
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const request = fetch(path, {
    method,
    credentials: 'same-origin',
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    ...(signal ? { signal } : {}),
  });
  if (method !== 'DELETE') return readResponse<T>(request);
  let response: Response;
  try {
    response = await request;
  } catch {
    throw networkError();
  }
  if (!response.ok) throw toApiError(await response.json().catch(() => undefined), response);
  return undefined as T;
}

const invoicePath = (invoiceId: string) => `/api/invoices/${encodeURIComponent(invoiceId)}`;

/** Where the PDFs are downloaded (attachments). */
export const invoicePdfUrl = (invoiceId: string) => `${invoicePath(invoiceId)}/pdf`;
export const creditNotePdfUrl = (invoiceId: string) => `${invoicePath(invoiceId)}/credit-note/pdf`;

function listSearch(filter: InvoiceListFilter, cursor: string | undefined) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) search.set(key, value);
  if (cursor) search.set('cursor', cursor);
  search.set('limit', String(PAGE_SIZE));
  return search.toString();
}

/** The invoices matching `filter`, newest first, page by page (keyset: "Load more" follows `nextCursor`). */
export function useInvoiceList(filter: InvoiceListFilter) {
  return useInfiniteQuery({
    queryKey: invoiceKeys.list(filter),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      invoiceCall<InvoiceList>('GET', `/api/invoices?${listSearch(filter, pageParam)}`, undefined, signal),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useInvoice(invoiceId: string, enabled = true) {
  return useQuery({
    queryKey: invoiceKeys.detail(invoiceId),
    enabled,
    queryFn: ({ signal }) => invoiceCall<Invoice>('GET', invoicePath(invoiceId), undefined, signal),
  });
}

/** Every client of the provider by name, with their language (the API pages by 100 at most). */
export function useClientOptions() {
  return useQuery({
    queryKey: invoiceKeys.clients,
    queryFn: async ({ signal }) => {
      const clients: ClientOption[] = [];
      for (let page = 1; ; page++) {
        const data = await callApi(
          api.GET('/api/clients', {
            params: { query: { sort: 'name', order: 'asc', page, pageSize: 100 } },
            signal,
          }),
        );
        clients.push(...data.items.map(({ id, name, language }) => ({ id, name, language })));
        if (clients.length >= data.total || data.items.length === 0) return clients;
      }
    },
    staleTime: 60_000,
  });
}

/** The provider's projects by name, all of them (`clientId` '') or one client's. */
export function useProjectOptions(clientId: string, enabled = true) {
  return useQuery({
    queryKey: invoiceKeys.projects(clientId),
    enabled,
    queryFn: async ({ signal }) => {
      const projects: ProjectOption[] = [];
      for (let page = 1; ; page++) {
        const data = await callApi(
          api.GET('/api/projects', {
            params: {
              query: {
                sort: 'name',
                order: 'asc',
                page,
                pageSize: 100,
                ...(clientId ? { clientId } : {}),
              },
            },
            signal,
          }),
        );
        projects.push(...data.items.map(({ id, name, client }) => ({ id, name, clientId: client.id })));
        if (projects.length >= data.total || data.items.length === 0) return projects;
      }
    },
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

/** After any change: the invoice's page gets the answer, the lists and the overview's figures refetch. */
function useSettle() {
  const queryClient = useQueryClient();
  return (invoice: Invoice | null, invoiceId: string) => {
    if (invoice) queryClient.setQueryData(invoiceKeys.detail(invoice.id), invoice);
    else queryClient.removeQueries({ queryKey: invoiceKeys.detail(invoiceId), exact: true });
    void queryClient.invalidateQueries({ queryKey: OVERVIEW_KEY });
    return queryClient.invalidateQueries({ queryKey: invoiceKeys.lists });
  };
}

export function useCreateInvoice() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: InvoiceCreate) => invoiceCall<Invoice>('POST', '/api/invoices', body),
    onSuccess: (invoice) => settle(invoice, invoice.id),
  });
}

export function useUpdateInvoice(invoiceId: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: InvoiceUpdate) => invoiceCall<Invoice>('PATCH', invoicePath(invoiceId), body),
    onSuccess: (invoice) => settle(invoice, invoiceId),
  });
}

export function useDeleteInvoice(invoiceId: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: () => invoiceCall<void>('DELETE', invoicePath(invoiceId)),
    onSuccess: () => settle(null, invoiceId),
  });
}

export function useSendInvoice(invoiceId: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: () => invoiceCall<InvoiceSent>('POST', `${invoicePath(invoiceId)}/send`),
    onSuccess: (sent) => settle(sent.invoice, invoiceId),
  });
}

export function useChangeStatus(invoiceId: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: { status: 'paid' | 'overdue'; paidDate?: string }) =>
      invoiceCall<Invoice>('POST', `${invoicePath(invoiceId)}/status`, body),
    onSuccess: (invoice) => settle(invoice, invoiceId),
  });
}

export function useCancelInvoice(invoiceId: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: { reason: string | null }) =>
      invoiceCall<Invoice>('POST', `${invoicePath(invoiceId)}/cancel`, body),
    onSuccess: (invoice) => settle(invoice, invoiceId),
  });
}

/** Refetches whatever shows invoices (after a 409: the invoice changed meanwhile). */
export function useRefreshInvoice() {
  const queryClient = useQueryClient();
  return (invoiceId: string) => applyInvoiceActivity(queryClient, invoiceId);
}
