import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../../shared/i18n/react';

/**
 * The signed-in shell's live connection, for as long as it is mounted (a new account mounts a new shell).
 * The socket and what its events do to the cache (`realtime-connection.ts`) load in their own chunk after
 * the first render, so they add nothing to the dashboard's first load.
 */
export function useDashboardRealtime(): void {
  const client = useQueryClient();
  const { i18n } = useTranslation();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    void import('./realtime-connection').then(({ connectDashboard }) => {
      if (!unmounted) stop = connectDashboard(client, i18n);
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [client, i18n]);
}
