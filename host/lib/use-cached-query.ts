import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * A read-only query on the shared QueryClient, without TanStack's QueryObserver (≈3 KB gzip that would
 * otherwise load with the dashboard's first screen; the settings page and the remotes use `useQuery`). It
 * reads the query's state straight from the cache and fetches through the client, so the spec §9 defaults
 * apply (stale 5 min, retries), invalidations refetch it and other readers of the key share the result.
 *
 * @example const overview = useCachedQuery(['overview'], () => getJson('/api/overview'));
 */
export function useCachedQuery<T>(queryKey: QueryKey, queryFn: () => Promise<T>) {
  const client = useQueryClient();
  const latest = useRef({ queryKey, queryFn });
  latest.current = { queryKey, queryFn };
  const hash = JSON.stringify(queryKey);
  const subscribe = useCallback(
    (onChange: () => void) => client.getQueryCache().subscribe(onChange),
    [client],
  );
  const state = useSyncExternalStore(subscribe, () => client.getQueryState<T>(latest.current.queryKey));
  const invalidated = state?.isInvalidated ?? false;

  // On mount, for a new key and after an invalidation: fetch unless the cached data is still fresh
  // (prefetchQuery never throws; the failure is in the query state).
  useEffect(() => {
    if (hash || invalidated) void client.prefetchQuery(latest.current);
  }, [client, hash, invalidated]);

  const refetch = useCallback(
    () => void client.fetchQuery({ ...latest.current, staleTime: 0 }).catch(() => {}),
    [client],
  );

  return {
    data: state?.data,
    error: state?.status === 'error' ? state.error : null,
    isFetching: state?.fetchStatus === 'fetching',
    refetch,
  };
}
