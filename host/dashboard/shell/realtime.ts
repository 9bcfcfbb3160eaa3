import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../../shared/i18n/react';
import { IDLE_PRELOAD_MS } from './preload';

/**
 * The signed-in shell's live connection, for as long as it is mounted (a new account mounts a new shell).
 * The socket and what its events do to the cache (`realtime-connection.ts`) load in their own chunk once the
 * page has settled (as the bell's sheet does), so they add nothing to the dashboard's first load; what
 * happens meanwhile is in the data the page just loaded, and the bell's count is read on its own.
 */
export function useDashboardRealtime(): void {
  const client = useQueryClient();
  const { i18n } = useTranslation();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    const timer = window.setTimeout(() => {
      void import('./realtime-connection').then(({ connectDashboard }) => {
        if (!unmounted) stop = connectDashboard(client, i18n);
      });
    }, IDLE_PRELOAD_MS);
    return () => {
      unmounted = true;
      window.clearTimeout(timer);
      stop?.();
    };
  }, [client, i18n]);
}
