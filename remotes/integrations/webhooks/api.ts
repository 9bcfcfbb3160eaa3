import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/call';
import { api } from '../../../shared/api/client';
import type { paths } from '../../../shared/api/schema.gen';
import { useCursorList } from '../../../shared/ui/use-cursor-list';

/**
 * The webhooks panel's data: TanStack Query over the typed client (the host's QueryClient). Keys start with
 * `integrations`, `webhooks`, so its mutations refresh only this panel.
 */
export const webhookKeys = {
  all: ['integrations', 'webhooks'] as const,
  endpoints: ['integrations', 'webhooks', 'endpoints'] as const,
  deliveries: (endpointId: string) => ['integrations', 'webhooks', 'deliveries', endpointId] as const,
};

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export type WebhookEndpoint = Json<paths['/api/webhook-endpoints/{endpointId}']['get']['responses'][200]>;
export type WebhookEndpointCreated = Json<paths['/api/webhook-endpoints']['post']['responses'][201]>;
export type EndpointInput = NonNullable<
  paths['/api/webhook-endpoints']['post']['requestBody']
>['content']['application/json'];
export type WebhookDelivery = Json<
  paths['/api/webhook-endpoints/{endpointId}/deliveries']['get']['responses'][200]
>['items'][number];

export function useEndpoints() {
  return useCursorList({
    queryKey: webhookKeys.endpoints,
    fetchPage: (cursor, signal) =>
      callApi(api.GET('/api/webhook-endpoints', { params: { query: cursor ? { cursor } : {} }, signal })),
  });
}

export function useDeliveries(endpointId: string) {
  return useCursorList({
    queryKey: webhookKeys.deliveries(endpointId),
    fetchPage: (cursor, signal) =>
      callApi(
        api.GET('/api/webhook-endpoints/{endpointId}/deliveries', {
          params: { path: { endpointId }, query: cursor ? { cursor } : {} },
          signal,
        }),
      ),
  });
}

/** Creates (answers the secret, shown once) or changes an endpoint. */
export function useSaveEndpoint(endpointId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointInput): Promise<WebhookEndpoint | WebhookEndpointCreated> =>
      endpointId
        ? callApi(
            api.PATCH('/api/webhook-endpoints/{endpointId}', { params: { path: { endpointId } }, body }),
          )
        : callApi(api.POST('/api/webhook-endpoints', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }),
  });
}

export function useDeleteEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) =>
      callApi(api.DELETE('/api/webhook-endpoints/{endpointId}', { params: { path: { endpointId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }),
  });
}

export function useRotateSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) =>
      callApi(
        api.POST('/api/webhook-endpoints/{endpointId}/rotate-secret', { params: { path: { endpointId } } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }),
  });
}

export function useSendTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) =>
      callApi(api.POST('/api/webhook-endpoints/{endpointId}/test', { params: { path: { endpointId } } })),
    onSuccess: (_data, endpointId) =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) }),
  });
}

export function useRedeliver(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      callApi(
        api.POST('/api/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver', {
          params: { path: { endpointId, deliveryId } },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) }),
  });
}
