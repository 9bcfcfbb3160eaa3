import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/call';
import { api } from '../../shared/api/client';
import type { paths } from '../../shared/api/schema.gen';
import { analyticsKeys } from '../../shared/sections/analytics';

/** The analytics' query (`from`, `to`, `currency`; the zone is the profile's on the server). */
export type AnalyticsParams = NonNullable<paths['/api/analytics/money']['get']['parameters']['query']>;
type Json<P extends keyof paths> = P extends keyof paths
  ? paths[P] extends { get: { responses: { 200: { content: { 'application/json': infer R } } } } }
    ? R
    : never
  : never;
export type Money = Json<'/api/analytics/money'>;
export type Work = Json<'/api/analytics/work'>;
export type Engagement = Json<'/api/analytics/clients'>;

const options = { staleTime: 60_000, placeholderData: keepPreviousData } as const;

export function useMoney(params: AnalyticsParams) {
  return useQuery({
    queryKey: analyticsKeys.view('money', params),
    queryFn: ({ signal }) => callApi(api.GET('/api/analytics/money', { params: { query: params }, signal })),
    ...options,
  });
}

export function useWork(params: AnalyticsParams) {
  return useQuery({
    queryKey: analyticsKeys.view('work', params),
    queryFn: ({ signal }) => callApi(api.GET('/api/analytics/work', { params: { query: params }, signal })),
    ...options,
  });
}

export function useEngagement(params: AnalyticsParams) {
  return useQuery({
    queryKey: analyticsKeys.view('clients', params),
    queryFn: ({ signal }) =>
      callApi(api.GET('/api/analytics/clients', { params: { query: params }, signal })),
    ...options,
  });
}
