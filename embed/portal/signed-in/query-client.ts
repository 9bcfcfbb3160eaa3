import { QueryCache, QueryClient } from '@tanstack/react-query';
import { PortalApiError } from '../api/portal-api';
import { clearSession, readSession, subscribeSession } from '../session/session-store';

/**
 * The signed-in portal's query client with spec §9's defaults: data fresh for 5 minutes, kept 10, no
 * refetch on focus, no retry on 4xx (up to 3 otherwise), no mutation retries. A 401 means the server
 * ended the session (expired, signed out elsewhere, revoked): the stored session is cleared and the
 * guard sends the client to the login.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError(error) {
      if (error instanceof PortalApiError && error.status === 401) clearSession('ended');
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 5 * 60_000,
      gcTime: 10 * 60_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => {
        const status = error instanceof PortalApiError ? error.status : 0;
        return !(status >= 400 && status < 500) && failures < 3;
      },
    },
    mutations: { retry: false },
  },
});

/**
 * The cache holds one client's data: when the session changes hands (signed out, or another client signed
 * in, e.g. by the widget's handoff or in another tab), it is emptied before anything renders with it.
 */
let cachedFor = readSession()?.client.id;
subscribeSession(() => {
  const now = readSession()?.client.id;
  if (now === cachedFor) return;
  cachedFor = now;
  queryClient.clear();
});
