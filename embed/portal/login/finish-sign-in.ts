import type { PortalSession } from '../../../shared/contracts/portal-client';
import { frameHooks, pageAfterSignIn } from '../embedded/embed-state';
import type { I18n } from '../i18n/i18n-context';
import { navigate } from '../navigation/history';
import { type PortalMode, pagePath } from '../navigation/paths';
import { writeSession } from '../session/session-store';
import { prepareFirstPage } from '../signed-in-guard';
import { welcomeBack } from './sign-in-toasts';

/**
 * After a successful sign-in (password or magic link): store the session (spec §3), switch to the
 * client's language (spec §4: the profile language wins), greet (spec §8 "Welcome back!") and go to
 * the portal's dashboard without leaving the sign-in page in the history. Inside the widget the page hears
 * of it (`login`), and the page it asked for opens instead of the dashboard.
 *
 * The first page's chunk and data come first (`prepareFirstPage`; the form stays busy meanwhile).
 */
export async function finishSignIn(
  session: PortalSession,
  mode: PortalMode,
  i18n: I18n,
  method: 'password' | 'magic_link',
): Promise<void> {
  const lang = session.client.language;
  const page = pageAfterSignIn();
  await prepareFirstPage(session, page);
  writeSession(session);
  frameHooks.signedIn?.(session, method);
  if (lang !== i18n.lang) i18n.setLanguage(lang);
  welcomeBack(lang);
  navigate(pagePath(mode, session.client.portalId, page), { replace: true });
}
