import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/call';
import { api } from '../../../shared/api/client';
import type { WidgetSecretCreated, WidgetSecretStatus } from '../../../shared/contracts/widget';
import { portalKeys } from './portals-api';

/**
 * The portal's single-sign-on (identity handoff) secret: its status (set or not, last four characters),
 * create/rotate (the response is the only time the secret itself is seen: it goes to the caller, never
 * into the query cache) and delete.
 */
export const widgetSecretKey = (portalId: string) => [...portalKeys.all, 'widget-secret', portalId] as const;

const path = (portalId: string) => ({ params: { path: { portalId } } });

export function useWidgetSecretStatus(portalId: string) {
  return useQuery({
    queryKey: widgetSecretKey(portalId),
    queryFn: () =>
      callApi(() =>
        api.GET('/api/portals/{portalId}/widget-secret', path(portalId)),
      ) as Promise<WidgetSecretStatus>,
  });
}

export function useWidgetSecret(portalId: string) {
  const queryClient = useQueryClient();
  const key = widgetSecretKey(portalId);
  return {
    rotate: useMutation({
      mutationFn: () =>
        callApi(() =>
          api.POST('/api/portals/{portalId}/widget-secret', path(portalId)),
        ) as Promise<WidgetSecretCreated>,
      onSuccess: ({ createdAt, hint }) =>
        queryClient.setQueryData<WidgetSecretStatus>(key, { configured: true, createdAt, hint }),
    }),
    remove: useMutation({
      mutationFn: () => callApi(() => api.DELETE('/api/portals/{portalId}/widget-secret', path(portalId))),
      onSuccess: () =>
        queryClient.setQueryData<WidgetSecretStatus>(key, { configured: false, createdAt: null, hint: null }),
    }),
  };
}
