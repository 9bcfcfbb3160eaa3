import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorScreen } from '../../shared/ui/error-screen';
import { preloadBranding } from './branding/branding';
import { I18nProvider } from './i18n/i18n-context';
import { detectLanguage, type SupportedLanguage, storedLanguage, syncHtmlLang } from './i18n/language';
import { currentLocation } from './navigation/history';
import { parseRoute, readMode } from './navigation/paths';
import { AuthPage, LoginPage, PortalApp } from './portal-app';
import { readSession } from './session/session-store';
import { preloadSignedIn } from './signed-in-guard';

/**
 * Start-up: the app renders once the portal's branding is known (its request started by the start-up script, `boot.ts`),
 * already branded and translated: no flash of the platform's colours, no layout shift. For a signed-in
 * page the start-up script (`boot.ts`) has already requested its chunk and its data (`signed-in-prefetch.ts`).
 *
 * Language (spec §4, §9): a signed-in client's profile language wins (the portal saves the client's
 * choice there); otherwise the stored choice, the browser's languages, then the portal's own language.
 * Inside the widget the embedding page's language takes the browser's place.
 *
 * Inside the widget's iframe (`?embed=…`, `embedded/frame.ts` in its own chunk, preloaded by the start-up
 * script), the frame takes over the channel to the widget's runtime that the start-up script opened, and
 * renders once the page's sign-in (a handoff token it already exchanged) has settled.
 */
async function start(root: HTMLElement) {
  const frame = new URLSearchParams(window.location.search).has('embed')
    ? await import(/* webpackChunkName: "frame" */ './embedded/frame')
    : null;
  const embedded = frame?.startFrame() ?? null;
  if (frame && embedded?.kind === 'refused') {
    const { FrameRefused } = frame;
    const lang = detectLanguage() ?? 'en';
    syncHtmlLang(lang);
    createRoot(root).render(
      <StrictMode>
        <I18nProvider initial={lang}>
          <FrameRefused portalId={embedded.portalId} />
        </I18nProvider>
      </StrictMode>,
    );
    return;
  }
  const mode = readMode();
  const location = new URL(currentLocation(), window.location.origin);
  const route = parseRoute(location.pathname, location.search, mode);
  const session = route.name === 'page' || route.name === 'entry' ? readSession() : null;
  const signedIn = session && route.name === 'page' && session.client.portalId === route.portalId;
  // The first screen's chunk (and, signed in, its data), already on its way (`boot.ts`): rendering
  // once it is here shows the page itself first, not a Suspense fallback (see ui/preloadable.tsx). A
  // slow one gets a second at most; the page then shows its loading state as before.
  const firstScreen = signedIn
    ? preloadSignedIn()
    : route.name === 'login'
      ? LoginPage.preload()
      : route.name === 'auth'
        ? AuthPage.preload()
        : undefined;
  const [branding, pageLanguage] = await Promise.all([
    route.portalId ? preloadBranding(route.portalId) : undefined,
    embedded?.kind === 'embedded' ? embedded.init : null,
    firstScreen &&
      Promise.race([firstScreen.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1000))]),
  ]);
  // Inside the widget, the page has usually signed a client in meanwhile (`embedded.init` waits for it).
  const client = (embedded ? readSession() : session)?.client;
  const lang: SupportedLanguage =
    client?.language ??
    (embedded ? (storedLanguage() ?? pageLanguage) : null) ??
    detectLanguage() ??
    branding?.language ??
    'en';
  syncHtmlLang(lang);
  createRoot(root).render(
    <StrictMode>
      <PortalApp mode={mode} initial={lang} />
    </StrictMode>,
  );
}

const root = document.getElementById('root');
if (root) {
  start(root).catch((error: unknown) => {
    // A chunk the start needs did not load: spec §2's error screen (its texts are its own) in the
    // language the visitor would have got, as far as it is known without the portal's branding.
    console.error('The portal could not start', error);
    createRoot(root).render(<ErrorScreen error={error} lang={detectLanguage()} />);
  });
}
