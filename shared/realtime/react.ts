import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { RealtimeClient, RealtimeEvent, RealtimeStatus } from './client';

/** The client's connection status, re-rendering on change (for an "offline, reconnecting…" hint). */
export function useRealtimeStatus(client: RealtimeClient): RealtimeStatus {
  return useSyncExternalStore(
    (onChange) => client.onStatus(onChange),
    () => client.status,
    () => 'offline',
  );
}

/**
 * Calls `handler` for every realtime event while the component is mounted; the latest handler is
 * used without resubscribing.
 */
export function useRealtimeEvent(client: RealtimeClient, handler: (event: RealtimeEvent) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => client.onEvent((event) => latest.current(event)), [client]);
}
