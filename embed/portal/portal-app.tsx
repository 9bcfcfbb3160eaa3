import { Suspense, useEffect, useLayoutEffect, useReducer } from 'react';
import type { PortalBranding } from '../../shared/contracts/portal-client';
import { Toaster } from '../../shared/ui/toaster';
import { applyBranding, brandingNow, preloadBranding } from './branding/branding';
import { useEmbed } from './embedded/embed-state';
import { FramePending } from './embedded/frame-pending';
import { I18nProvider, useI18n } from './i18n/i18n-context';
import type { SupportedLanguage } from './i18n/language';
import { useLocationKey } from './navigation/history';
import { Redirect } from './navigation/link';
import { type PortalMode, type PortalRoute, pagePath, parseRoute } from './navigation/paths';
import { useSession } from './session/session-store';
import { GuardedPage } from './signed-in-guard';
import { PortalErrorBoundary } from './ui/error-boundary';
import { NotFound } from './ui/not-found';
import { preloadable } from './ui/preloadable';

/*
 * The sign-in pages and the signed-in pages are chunks of their own; the start-up script (`boot.ts`) preloads the one a
 * location needs alongside this first chunk (so neither costs a round trip), and neither carries the
 * other's code.
 */
export const LoginPage = preloadable(() =>
  import(/* webpackChunkName: "sign-in" */ './login/login-page').then((m) => m.LoginPage),
);
export const AuthPage = preloadable(() =>
  import(/* webpackChunkName: "sign-in" */ './auth/auth-page').then((m) => m.AuthPage),
);

/**
 * The client portal app (spec §2): standalone at `/portal/*`, at `/` of a portal's verified custom
 * domain, or inside the widget's iframe (embedded mode, `embedded/`).
 */
export function PortalApp({ mode, initial }: { mode: PortalMode; initial: SupportedLanguage }) {
  return (
    <I18nProvider initial={initial}>
      <PortalErrorBoundary>
        <Suspense fallback={null}>
          <PortalRoutes mode={mode} />
        </Suspense>
        <Toaster />
      </PortalErrorBoundary>
    </I18nProvider>
  );
}

/**
 * Inside the widget a client can be signed in by the page (handoff, a returning magic link) rather than
 * by the sign-in form: spec §4's rule still holds, the client's profile language wins.
 */
function FrameLanguage() {
  const session = useSession();
  const { lang, setLanguage } = useI18n();
  const signedInAs = session?.client.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when another client signs in
  useLayoutEffect(() => {
    if (session && session.client.language !== lang) setLanguage(session.client.language);
  }, [signedInAs]);
  return null;
}

function PortalRoutes({ mode }: { mode: PortalMode }) {
  const embed = useEmbed();
  const locationKey = useLocationKey();
  const url = new URL(locationKey, window.location.origin);
  const route = parseRoute(url.pathname, url.search, mode);
  const portalId = route.portalId;
  const branding = portalId ? brandingNow(portalId) : undefined;
  const [, loaded] = useReducer((n: number) => n + 1, 0);

  // A portal reached by navigation (e.g. after the magic-link page) loads its branding here.
  useEffect(() => {
    if (portalId && brandingNow(portalId) === undefined) void preloadBranding(portalId).then(loaded);
  }, [portalId]);
  useLayoutEffect(() => applyBranding(branding), [branding]);

  if (branding === null) return <NotFound kind="portal" />;
  if (embed?.signingIn) return <FramePending />;
  return (
    <>
      {embed ? <FrameLanguage /> : null}
      <Route mode={mode} route={route} branding={branding} />
    </>
  );
}

function Route({
  mode,
  route,
  branding,
}: {
  mode: PortalMode;
  route: PortalRoute;
  branding: PortalBranding | undefined;
}) {
  switch (route.name) {
    case 'login':
      return <LoginPage mode={mode} portalId={route.portalId} branding={branding} />;
    case 'auth':
      return <AuthPage mode={mode} token={route.token} portalId={route.portalId} branding={branding} />;
    case 'entry':
      return <Redirect to={pagePath(mode, route.portalId, 'dashboard')} />;
    case 'page':
      return (
        <GuardedPage
          mode={mode}
          portalId={route.portalId}
          page={route.page}
          projectId={route.projectId}
          fileId={route.fileId}
          invoiceId={route.invoiceId}
          quoteId={route.quoteId}
          branding={branding}
        />
      );
    case 'notFound':
      return route.portalId ? (
        <NotFound kind="page" home={pagePath(mode, route.portalId, 'dashboard')} />
      ) : (
        <NotFound kind="portal" />
      );
  }
}
