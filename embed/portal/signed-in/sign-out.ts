import { ApiError } from '../../../shared/api/error';
import { toast } from '../../../shared/ui/toaster';
import { call } from '../api/portal-api';
import type { I18n } from '../i18n/i18n-context';
import { forgetLanguageChoice } from '../i18n/language';
import { navigate } from '../navigation/history';
import { loginPath, type PortalMode } from '../navigation/paths';
import { clearSession, markSigningOut, readSession } from '../session/session-store';
import { store } from './data-store';
import { forgetUnsent } from './messages/unsent';

/**
 * Signs out here or everywhere: the server ends the session(s) and records the logout; the portal always
 * forgets the session, the cached data, the client's unsent messages and the stored language choice
 * (spec §4), then goes to the portal's login. Spec §8: a failed server call still signs out, with the
 * "minor issue" warning; a session the server had already ended ('Session not found') gets no warning.
 */
export async function signOut(
  scope: 'this' | 'everywhere',
  { mode, portalId }: { mode: PortalMode; portalId: string },
  { t }: Pick<I18n, 't'>,
): Promise<void> {
  let warn = false;
  markSigningOut(true);
  try {
    const path =
      scope === 'this' ? '/api/portal/{portalId}/sign-out' : '/api/portal/{portalId}/sign-out-everywhere';
    await call((api) => api.POST(path, { params: { path: { portalId } } }), t('errors.network'));
  } catch (error) {
    warn = !(error instanceof ApiError && error.status === 401);
  }
  const clientId = readSession()?.client.id;
  if (clientId) forgetUnsent(portalId, clientId);
  clearSession();
  markSigningOut(false);
  forgetLanguageChoice();
  store.clear();
  if (warn) toast.warning(t('toast.signOutWarning'));
  else toast.success(scope === 'this' ? t('toast.signedOut') : t('toast.signedOutEverywhere'));
  navigate(loginPath(mode, portalId), { replace: true });
}
