import { useEffect } from 'react';
import { useI18n } from '../../i18n/i18n-context';
import { readSession } from '../../session/session-store';
import { useIdle } from '../data-store';
import { hasUnsent } from './unsent';

/**
 * Messages the client left unsent on an earlier page (closed while offline, or after a failure) go out
 * once this page is idle, before any conversation is opened: the outbox (its own chunk) starts only then.
 */
export function useResumeUnsent(portalId: string): void {
  const { t } = useI18n();
  const idle = useIdle();
  const network = t('errors.network');
  useEffect(() => {
    const clientId = readSession()?.client.id;
    if (!idle || !clientId || !hasUnsent(portalId, clientId)) return;
    void import('./portal-conversation').then(
      ({ portalOutbox }) => portalOutbox(portalId, network),
      () => {}, // the next page tries again; nothing is lost
    );
  }, [idle, portalId, network]);
}
