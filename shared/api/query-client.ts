import { QueryClient } from '@tanstack/react-query';
import { shouldRetry } from './retry';

/**
 * Query defaults of spec §9: stale 5 min, cache 10 min, no refetch on focus, the one retry rule
 * (`shared/api/retry.ts`: none after a 4xx, up to 3 otherwise), no mutation retries. Remotes get this
 * client from the host, so their queries need no `retry` of their own.
 */
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
