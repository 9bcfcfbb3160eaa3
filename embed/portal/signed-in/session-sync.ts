import { useEffect } from 'react';
import type { PortalClient } from '../../../shared/contracts/portal-client';
import { call } from '../api/portal-api';
import { useI18n } from '../i18n/i18n-context';
import type { SupportedLanguage } from '../i18n/language';
import { readSession, writeSession } from '../session/session-store';
import { store, useAction } from './data-store';
import { portalKeys, useServerSession } from './portal-data';
import { useSignedIn } from './signed-in-context';

/** Keeps the stored session's client in step with a newer copy (name, language, password flag). */
export function storeClient(client: PortalClient): void {
  const stored = readSession();
  if (stored && stored.client.id === client.id) writeSession({ ...stored, client });
}

/**
 * Checks the session with the server on entry (a revoked or expired one clears itself through the query
 * client's 401 handling), refreshes the stored client, and applies spec §4's language rule: when the
 * profile's language differs from the current one, the current one switches. `saveLanguage` saves a
 * choice made in the top bar to the profile, which the portal's e-mails follow.
 */
export function useSessionSync() {
  const { lang, setLanguage, t } = useI18n();
  const { portalId } = useSignedIn();
  const server = useServerSession(portalId);
  const client = server.data?.client;

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the server's copy changes (a language picked here is saved into that copy too, so the two agree)
  useEffect(() => {
    if (!client) return;
    storeClient(client);
    if (client.language !== lang) setLanguage(client.language);
  }, [client]);

  const save = useAction(
    (language: SupportedLanguage) =>
      call(
        (api) =>
          api.PATCH('/api/portal/{portalId}/profile', {
            params: { path: { portalId } },
            body: { language },
          }),
        t('errors.network'),
      ),
    {
      onSuccess: (updated) => {
        storeClient(updated);
        store.setData(portalKeys.session(portalId), (old: typeof server.data) =>
          old ? { ...old, client: updated } : old,
        );
      },
    },
  );
  return { saveLanguage: (language: SupportedLanguage) => save.mutate(language) };
}
