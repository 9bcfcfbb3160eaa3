import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../shared/api/call';
import { api } from '../../../shared/api/client';
import type { DomainInput } from '../../../shared/contracts/domains';
import type {
  Portal,
  PortalCreateInput,
  PortalDeleted,
  PortalList,
  PortalUpdateInput,
} from '../../../shared/contracts/portals';
import { readAllPages } from '../../../shared/ui/use-cursor-list';
import { dashboardKeys } from '../dashboard-keys';

/**
 * The Portals section's data: TanStack Query over the typed client (`callApi` throws ApiError, which
 * `describeFailure` translates). Keys start with 'portals'.
 */
export const portalKeys = {
  all: ['portals'] as const,
  list: ['portals', 'list'] as const,
  detail: (id: string) => ['portals', 'detail', id] as const,
};

export function usePortalList() {
  return useQuery({
    queryKey: portalKeys.list,
    // Every portal, page after page (the list pages like every list of the API).
    queryFn: async (): Promise<PortalList> => ({
      items: await readAllPages(
        (cursor) =>
          callApi(() =>
            api.GET('/api/portals', { params: { query: { limit: 100, ...(cursor ? { cursor } : {}) } } }),
          ) as Promise<PortalList>,
      ),
      nextCursor: null,
    }),
  });
}

export function usePortal(portalId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: portalKeys.detail(portalId),
    queryFn: () =>
      callApi(() =>
        api.GET('/api/portals/{portalId}', { params: { path: { portalId } } }),
      ) as Promise<Portal>,
    // The list already holds the portal: show it at once, refresh in the background.
    initialData: () =>
      queryClient.getQueryData<PortalList>(portalKeys.list)?.items.find((p) => p.id === portalId),
    initialDataUpdatedAt: () => queryClient.getQueryState(portalKeys.list)?.dataUpdatedAt,
  });
}

/**
 * After any change: the portal itself, the list, the overview's "empty workspace" state and the clients
 * section's portal picker (key `['clients', …]`, the clients remote's) all see the new state.
 */
function refreshAfter(queryClient: QueryClient, portal?: Portal) {
  if (portal) queryClient.setQueryData(portalKeys.detail(portal.id), portal);
  void queryClient.invalidateQueries({ queryKey: portalKeys.list });
  void queryClient.invalidateQueries({ queryKey: dashboardKeys.overview });
  void queryClient.invalidateQueries({ queryKey: ['clients'] });
}

const path = (portalId: string) => ({ params: { path: { portalId } } });

/**
 * Creates a portal and then uploads the logo picked meanwhile (the logo endpoint needs the portal's id).
 * A refused logo does not undo the portal: it comes back as `logoError` beside the created portal.
 */
export function useCreatePortal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, logo }: { body: z.output<typeof PortalCreateInput>; logo: File | null }) => {
      const portal = (await callApi(() => api.POST('/api/portals', { body }))) as Portal;
      if (!logo) return { portal, logoError: null };
      try {
        return { portal: await uploadLogo(portal.id, logo), logoError: null };
      } catch (logoError) {
        return { portal, logoError };
      }
    },
    onSuccess: ({ portal }) => refreshAfter(queryClient, portal),
  });
}

export function useUpdatePortal(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PortalUpdateInput) =>
      callApi(() => api.PATCH('/api/portals/{portalId}', { ...path(portalId), body })) as Promise<Portal>,
    onSuccess: (portal) => refreshAfter(queryClient, portal),
  });
}

export function useDeletePortal(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callApi(() => api.DELETE('/api/portals/{portalId}', path(portalId))) as Promise<
        z.infer<typeof PortalDeleted>
      >,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: portalKeys.detail(portalId) });
      refreshAfter(queryClient);
    },
  });
}

/** Uploads a logo file as `multipart/form-data` (field `logo`); the server re-encodes it. */
export function uploadLogo(portalId: string, file: File): Promise<Portal> {
  const form = new FormData();
  form.set('logo', file);
  return callApi(() =>
    api.PUT('/api/portals/{portalId}/logo', {
      ...path(portalId),
      // The generated type describes the field as a binary string; openapi-fetch sends a FormData as it is
      // (the browser sets the multipart boundary).
      body: form as unknown as { logo: string },
    }),
  ) as Promise<Portal>;
}

export function useLogo(portalId: string) {
  const queryClient = useQueryClient();
  const onSuccess = (portal: Portal) => refreshAfter(queryClient, portal);
  return {
    upload: useMutation({ mutationFn: (file: File) => uploadLogo(portalId, file), onSuccess }),
    remove: useMutation({
      mutationFn: () =>
        callApi(() => api.DELETE('/api/portals/{portalId}/logo', path(portalId))) as Promise<Portal>,
      onSuccess,
    }),
  };
}

export function useDomain(portalId: string) {
  const queryClient = useQueryClient();
  const onSuccess = (portal: Portal) => refreshAfter(queryClient, portal);
  return {
    set: useMutation({
      mutationFn: (body: DomainInput) =>
        callApi(() =>
          api.PUT('/api/portals/{portalId}/domain', { ...path(portalId), body }),
        ) as Promise<Portal>,
      onSuccess,
    }),
    verify: useMutation({
      mutationFn: () =>
        callApi(() => api.POST('/api/portals/{portalId}/domain/verify', path(portalId))) as Promise<Portal>,
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: () =>
        callApi(() => api.DELETE('/api/portals/{portalId}/domain', path(portalId))) as Promise<Portal>,
      onSuccess,
    }),
  };
}
