import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import type { paths } from '../../shared/api/schema.gen';
import type { ErrorBody } from '../../shared/contracts/common';

/**
 * The clients section's data: TanStack Query over the typed client. The QueryClient is the host's (a shared
 * singleton); keys start with 'clients' so mutations invalidate only this section's data.
 */
export type ClientListParams = NonNullable<paths['/api/clients']['get']['parameters']['query']>;
export type ClientListItem =
  paths['/api/clients']['get']['responses'][200]['content']['application/json']['items'][number];
export type ClientDetail =
  paths['/api/clients/{clientId}']['get']['responses'][200]['content']['application/json'];
export type PortalSummary =
  paths['/api/portals']['get']['responses'][200]['content']['application/json']['items'][number];
export type ClientInput = paths['/api/clients']['post']['requestBody']['content']['application/json'];

type FieldError = NonNullable<ErrorBody['error']['fields']>[number];

/** A failed call with the API's uniform error body; `status` 0 when the server was never reached. */
export class ClientsApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ClientsApiError';
  }
}

type Result<T> = { data?: T; error?: unknown; response: Response };

/** Unwraps an openapi-fetch result: the data, or a ClientsApiError carrying status, code and field errors. */
async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  let result: Result<T>;
  try {
    result = await call;
  } catch (cause) {
    throw new ClientsApiError(0, 'network', cause instanceof Error ? cause.message : String(cause));
  }
  if (result.data !== undefined && result.response.ok) return result.data;
  const body = (result.error as ErrorBody | undefined)?.error;
  throw new ClientsApiError(
    result.response.status,
    body?.code ?? 'internal_error',
    body?.message ?? '',
    body?.fields ?? [],
  );
}

/** Spec §8/§9: no retry on a 4xx (the answer will not change), up to 3 retries otherwise. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ClientsApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}

export const clientKeys = {
  all: ['clients'] as const,
  lists: ['clients', 'list'] as const,
  list: (params: ClientListParams) => ['clients', 'list', params] as const,
  detail: (id: string) => ['clients', 'detail', id] as const,
  portals: ['clients', 'portals'] as const,
};

export function useClientList(params: ClientListParams) {
  return useQuery({
    queryKey: clientKeys.list(params),
    queryFn: ({ signal }) => unwrap(api.GET('/api/clients', { params: { query: params }, signal })),
    placeholderData: keepPreviousData,
    retry: shouldRetry,
  });
}

export function useClientDetail(id: string) {
  return useQuery({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/clients/{clientId}', { params: { path: { clientId: id } }, signal })),
    retry: shouldRetry,
  });
}

/** The provider's portals (for the filter, the form's select and the "portal needed first" state). */
export function usePortals() {
  return useQuery({
    queryKey: clientKeys.portals,
    queryFn: ({ signal }) => unwrap(api.GET('/api/portals', { signal })).then((data) => data.items),
    retry: shouldRetry,
    staleTime: 60_000,
  });
}

export function useSaveClient(clientId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientInput) =>
      clientId
        ? unwrap(api.PATCH('/api/clients/{clientId}', { params: { path: { clientId } }, body }))
        : unwrap(api.POST('/api/clients', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) =>
      unwrap(api.DELETE('/api/clients/{clientId}', { params: { path: { clientId } } })),
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
      unwrap(api.POST('/api/clients/{clientId}/invite', { params: { path: { clientId } } })),
  });
}

export function useSetClientPassword(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      unwrap(
        api.POST('/api/clients/{clientId}/password', { params: { path: { clientId } }, body: { password } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.detail(clientId) }),
  });
}
