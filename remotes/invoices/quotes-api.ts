import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api/call';
import { api, type paths } from '../../shared/api/client';
import type { Invoice } from '../../shared/contracts/invoices';
import type {
  Quote,
  QuoteInvoiceCreate,
  QuoteList,
  QuoteStatus,
  QuoteUpdate,
} from '../../shared/contracts/quotes';
import { invoiceKeys, quoteKeys } from '../../shared/sections/invoices';
import { OVERVIEW_KEY } from '../../shared/sections/overview';
import { useCursorList } from '../../shared/ui/use-cursor-list';
import { PAGE_SIZE } from './api';

/**
 * The quotes' data (issue 28), beside the invoices' (`api.ts`): the same QueryClient, keys under
 * `['invoices', 'quotes', …]` (`quoteKeys`), refetched live when a quote is sent, accepted or declined.
 */

export type QuoteListFilter = { status?: QuoteStatus; clientId?: string; q?: string };
export type QuoteCreateBody = paths['/api/quotes']['post']['requestBody']['content']['application/json'];

const quotePath = (quoteId: string) => `/api/quotes/${encodeURIComponent(quoteId)}`;
export const quotePdfUrl = (quoteId: string) => `${quotePath(quoteId)}/pdf`;

export function useQuoteList(filter: QuoteListFilter) {
  return useCursorList({
    queryKey: quoteKeys.list(filter),
    fetchPage: (cursor, signal): Promise<QuoteList> =>
      callApi(
        api.GET('/api/quotes', {
          params: { query: { ...filter, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) } },
          signal,
        }),
      ),
  });
}

export function useQuote(quoteId: string, enabled = true) {
  return useQuery({
    queryKey: quoteKeys.detail(quoteId),
    enabled,
    queryFn: ({ signal }): Promise<Quote> =>
      callApi(api.GET('/api/quotes/{quoteId}', { params: { path: { quoteId } }, signal })),
  });
}

function useSettle() {
  const queryClient = useQueryClient();
  return (quote: Quote | null, quoteId: string) => {
    if (quote) queryClient.setQueryData(quoteKeys.detail(quote.id), quote);
    else queryClient.removeQueries({ queryKey: quoteKeys.detail(quoteId), exact: true });
    return queryClient.invalidateQueries({ queryKey: quoteKeys.lists });
  };
}

export function useCreateQuote() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: QuoteCreateBody): Promise<Quote> => callApi(api.POST('/api/quotes', { body })),
    onSuccess: (quote) => settle(quote, quote.id),
  });
}

export function useUpdateQuote(quoteId: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: QuoteUpdate): Promise<Quote> =>
      callApi(api.PATCH('/api/quotes/{quoteId}', { params: { path: { quoteId } }, body })),
    onSuccess: (quote) => settle(quote, quoteId),
  });
}

export function useDeleteQuote(quoteId: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: () => callApi(api.DELETE('/api/quotes/{quoteId}', { params: { path: { quoteId } } })),
    onSuccess: () => settle(null, quoteId),
  });
}

export function useSendQuote(quoteId: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (): Promise<Quote> =>
      callApi(api.POST('/api/quotes/{quoteId}/send', { params: { path: { quoteId } } })),
    onSuccess: (quote) => settle(quote, quoteId),
  });
}

/** An invoice of an accepted quote: the quote's page, the invoice lists and the overview refetch. */
export function useInvoiceFromQuote(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteInvoiceCreate): Promise<Invoice> =>
      callApi(api.POST('/api/quotes/{quoteId}/invoices', { params: { path: { quoteId } }, body })),
    onSuccess: (invoice) => {
      queryClient.setQueryData(invoiceKeys.detail(invoice.id), invoice);
      void queryClient.invalidateQueries({ queryKey: quoteKeys.detail(quoteId), exact: true });
      void queryClient.invalidateQueries({ queryKey: OVERVIEW_KEY });
      return queryClient.invalidateQueries({ queryKey: invoiceKeys.lists });
    },
  });
}
