import { QueryClient } from '@tanstack/react-query';
import { ApiFailure } from './lib/api-failure';

const MAX_RETRIES = 3;

/** Spec §8: never retry a 4xx (the answer will not change), other failures up to 3 times. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiFailure && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** Query defaults of spec §9: stale 5 min, cache 10 min, no refetch on focus, no mutation retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
      },
      mutations: { retry: 0 },
    },
  });
}
