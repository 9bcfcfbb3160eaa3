import { useEffect } from 'react';
import { useI18n } from '../../i18n/i18n-context';
import { clearSession, readSession } from '../../session/session-store';
import { useIdle } from '../data-store';

/**
 * Keeps the signed-in portal live over `/api/realtime` (issue 19): once the first screen is up and the
 * browser idle, the socket client (its own chunk, with the event handling) connects with the client's
 * token and feeds the data store; a new client or language reconnects, sign-out stops it. A session the
 * server ended (close 4401/4408) signs the client out here too. The 30-second refresh of the unread
 * count stays (spec §9), so a socket that cannot connect (a proxy without WebSockets) loses nothing.
 */
export function useLiveUpdates(portalId: string, token: string): void {
  const { lang } = useI18n();
  const idle = useIdle();
  useEffect(() => {
    if (!idle) return;
    let stopped = false;
    let stop = () => {};
    void Promise.all([import('../../../../shared/realtime/client'), import('./live-updates')]).then(
      ([{ createRealtimeClient }, { applyRealtimeEvent, newestLoadedSeq }]) => {
        if (stopped) return;
        const lastSeq = newestLoadedSeq(portalId);
        const client = createRealtimeClient({
          audience: 'portal',
          lang: () => lang,
          credentials: () => {
            const session = readSession();
            return session?.client.portalId === portalId && session.token === token
              ? { token: session.token, portalId }
              : null;
          },
          ...(lastSeq !== undefined ? { lastSeq } : {}),
          onAuthError: (code) => {
            // 4403 (an origin the portal does not allow) is no reason to sign the client out.
            if (code !== 4403) clearSession('ended');
          },
        });
        client.onEvent((event) => applyRealtimeEvent(portalId, event));
        client.start();
        stop = () => client.stop();
      },
      () => {}, // no live updates on this page view; the 30-second refresh still runs
    );
    return () => {
      stopped = true;
      stop();
    };
  }, [idle, portalId, token, lang]);
}
