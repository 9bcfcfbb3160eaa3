import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api/call';
import { api, type paths } from '../../shared/api/client';
import type {
  RecurringInvoice,
  RecurringInvoiceList,
  RecurringStatus,
} from '../../shared/contracts/recurring';
import { useCursorList } from '../../shared/ui/use-cursor-list';
import { PAGE_SIZE } from './api';

/**
 * The recurring invoices' data (issue 28), beside the invoices' (`api.ts`). The lists live under the
 * invoice lists' key (`['invoices', 'list', 'recurring', …]`): the live `invoice_created` / `invoice_status`
 * event of an invoice the job made refetches them with the invoice lists, so the next date moves on screen.
 */

export const recurringKeys = {
  lists: ['invoices', 'list', 'recurring'] as const,
  list: (query: object) => ['invoices', 'list', 'recurring', query] as const,
  detail: (id: string) => ['invoices', 'recurring', 'detail', id] as const,
};

export type RecurringListFilter = { status?: RecurringStatus; clientId?: string; q?: string };
export type RecurringCreateBody =
  paths['/api/recurring-invoices']['post']['requestBody']['content']['application/json'];
export type RecurringUpdateBody =
  paths['/api/recurring-invoices/{recurringInvoiceId}']['patch']['requestBody']['content']['application/json'];

export function useRecurringList(filter: RecurringListFilter) {
  return useCursorList({
    queryKey: recurringKeys.list(filter),
    fetchPage: (cursor, signal): Promise<RecurringInvoiceList> =>
      callApi(
        api.GET('/api/recurring-invoices', {
          params: { query: { ...filter, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) } },
          signal,
        }),
      ),
  });
}

export function useRecurring(id: string, enabled = true) {
  return useQuery({
    queryKey: recurringKeys.detail(id),
    enabled,
    queryFn: ({ signal }): Promise<RecurringInvoice> =>
      callApi(
        api.GET('/api/recurring-invoices/{recurringInvoiceId}', {
          params: { path: { recurringInvoiceId: id } },
          signal,
        }),
      ),
  });
}

function useSettle() {
  const queryClient = useQueryClient();
  return (saved: RecurringInvoice | null, id: string) => {
    if (saved) queryClient.setQueryData(recurringKeys.detail(saved.id), saved);
    else queryClient.removeQueries({ queryKey: recurringKeys.detail(id), exact: true });
    return queryClient.invalidateQueries({ queryKey: recurringKeys.lists });
  };
}

export function useCreateRecurring() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: RecurringCreateBody): Promise<RecurringInvoice> =>
      callApi(api.POST('/api/recurring-invoices', { body })),
    onSuccess: (saved) => settle(saved, saved.id),
  });
}

export function useUpdateRecurring() {
  const settle = useSettle();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RecurringUpdateBody }): Promise<RecurringInvoice> =>
      callApi(
        api.PATCH('/api/recurring-invoices/{recurringInvoiceId}', {
          params: { path: { recurringInvoiceId: id } },
          body,
        }),
      ),
    onSuccess: (saved) => settle(saved, saved.id),
  });
}

export function useDeleteRecurring() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (id: string) =>
      callApi(
        api.DELETE('/api/recurring-invoices/{recurringInvoiceId}', {
          params: { path: { recurringInvoiceId: id } },
        }),
      ),
    onSuccess: (_result, id) => settle(null, id),
  });
}
