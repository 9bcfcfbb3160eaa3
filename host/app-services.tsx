import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../shared/api/query-client';
import { Outlet } from '../shared/router';

/** One client for the whole session: the cache outlives route changes (spec §9 defaults). */
const queryClient = createQueryClient();

/**
 * Layout route of the signed-in dashboard: TanStack Query loads with it (and is the instance the host
 * provides to the remotes, `federation/runtime.ts`). The public pages (landing, auth, waitlist, legal) submit
 * their forms without it, so their first load carries no query client.
 */
export default function AppServices() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
