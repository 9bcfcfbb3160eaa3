import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api/call';
import { api } from '../../shared/api/client';
import type { paths } from '../../shared/api/schema.gen';
import { clientKeys } from '../../shared/sections/clients';
import { readAllPages, useCursorList } from '../../shared/ui/use-cursor-list';

/**
 * The clients section's data: TanStack Query over the typed client. The QueryClient is the host's (a shared
 * singleton); its keys (`shared/sections/clients.ts`) start with 'clients' so mutations invalidate only this
 * section's data.
 */
/** A list's filter and sort (the cursor is the list's own). */
export type ClientListParams = Omit<
  NonNullable<paths['/api/clients']['get']['parameters']['query']>,
  'cursor'
>;
export type ClientListItem =
  paths['/api/clients']['get']['responses'][200]['content']['application/json']['items'][number];
export type ClientDetail =
  paths['/api/clients/{clientId}']['get']['responses'][200]['content']['application/json'];
export type PortalSummary =
  paths['/api/portals']['get']['responses'][200]['content']['application/json']['items'][number];
export type ClientInput = paths['/api/clients']['post']['requestBody']['content']['application/json'];

/** The clients matching `params`, page by page ("Load more" follows the API's cursor). */
export function useClientList(params: ClientListParams) {
  return useCursorList({
    queryKey: clientKeys.list(params),
    fetchPage: (cursor, signal) =>
      callApi(
        api.GET('/api/clients', { params: { query: { ...params, ...(cursor ? { cursor } : {}) } }, signal }),
      ),
  });
}

export function useClientDetail(id: string) {
  return useQuery({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) =>
      callApi(api.GET('/api/clients/{clientId}', { params: { path: { clientId: id } }, signal })),
  });
}

/** The provider's portals (for the filter, the form's select and the "portal needed first" state). */
export function usePortals() {
  return useQuery({
    queryKey: clientKeys.portals,
    queryFn: ({ signal }) =>
      readAllPages((cursor) =>
        callApi(
          api.GET('/api/portals', {
            params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } },
            signal,
          }),
        ),
      ),
    staleTime: 60_000,
  });
}

export function useSaveClient(clientId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientInput) =>
      clientId
        ? callApi(api.PATCH('/api/clients/{clientId}', { params: { path: { clientId } }, body }))
        : callApi(api.POST('/api/clients', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) =>
      callApi(api.DELETE('/api/clients/{clientId}', { params: { path: { clientId } } })),
    onSuccess: (_data, clientId) => {
      // The client is gone: its detail leaves the cache unfetched (the page showing it is leaving; a
      // refetch would only answer 404), and only the lists refresh. Invalidating all of `clients` also
      // refetched the portals the detail page watches, which re-rendered it and fetched the detail anew.
      queryClient.removeQueries({ queryKey: clientKeys.detail(clientId), exact: true });
      return queryClient.invalidateQueries({ queryKey: clientKeys.lists });
    },
  });
}

export function useInviteClient() {
  return useMutation({
    mutationFn: (clientId: string) =>
      callApi(api.POST('/api/clients/{clientId}/invite', { params: { path: { clientId } } })),
  });
}

export function useSetClientPassword(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      callApi(
        api.POST('/api/clients/{clientId}/password', { params: { path: { clientId } }, body: { password } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.detail(clientId) }),
  });
}
