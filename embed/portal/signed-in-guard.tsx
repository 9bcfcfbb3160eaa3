import { Suspense, useEffect } from 'react';
import type { PortalBranding, PortalSession } from '../../shared/contracts/portal-client';
import { PageFallback } from '../../shared/ui/spinner';
import { forgetReturnPage, rememberReturnPage } from './embedded/embed-state';
import { useI18n } from './i18n/i18n-context';
import { PaymentReturned } from './login/payment-returned';
import { navigate } from './navigation/history';
import { loginPath, type PortalMode, type PortalPage } from './navigation/paths';
import { clearSession, readSession, useSession } from './session/session-store';
import { prefetchPageData } from './signed-in-prefetch';
import { preloadable } from './ui/preloadable';

/**
 * Everything behind sign-in: its own chunk, loaded only for a signed-in client of this portal. It renders
 * once the data the start-up script (`boot.ts`) prefetched for the page is in its cache (`seedPrefetched`).
 */
export const SignedInApp = preloadable(() =>
  import(/* webpackChunkName: "signed-in" */ './signed-in/signed-in-app').then(async (module) => {
    await module.seedPrefetched();
    return module.default;
  }),
);

/**
 * The signed-in chunk, and whatever data was prefetched for its first page put in its cache (each call:
 * the widget's frame can sign in another client later).
 */
export async function preloadSignedIn(): Promise<void> {
  await SignedInApp.preload();
  const { seedPrefetched } = await import(/* webpackChunkName: "signed-in" */ './signed-in/signed-in-app');
  await seedPrefetched();
}

/**
 * Before a sign-in stores its new session: requests the first page's data with it (unless the sign-in
 * already `provided` it) and waits for the signed-in chunk with that data in its cache, so the page itself
 * is the first thing shown, not a Suspense fallback (`ui/preloadable.tsx`). A chunk that fails to load is
 * left to the app's own loading or error state.
 */
export async function prepareFirstPage(
  session: PortalSession,
  page: string,
  provided = false,
): Promise<void> {
  if (!provided) prefetchPageData(session.client.portalId, page, session.token);
  await preloadSignedIn().catch(() => undefined);
}

/** Spec §9's session tick: an expired session is noticed within 30 seconds even on an idle page. */
const SESSION_TICK_MS = 30_000;

/**
 * Tells the server that a session of one portal was used on another (spec §5): the server ends that
 * session and records a security event. Fire-and-forget; the portal clears its copy regardless.
 */
function reportPortalMismatch(token: string, requestedPortalId: string): void {
  // Plain fetch with keepalive: fire-and-forget while the page navigates away, before any typed client loads.
  void fetch(`/api/portal/${encodeURIComponent(requestedPortalId)}/session`, {
    headers: { Authorization: `Bearer ${token}` },
    credentials: 'omit',
    keepalive: true,
  }).catch(() => {});
}

/**
 * The portal guard (spec §2, §4, §5): no usable session → this portal's login; a session of ANOTHER portal
 * → the session is cleared, the server logs a security event, and the client goes to this portal's login.
 */
export function GuardedPage({
  mode,
  portalId,
  page,
  projectId,
  fileId,
  invoiceId,
  quoteId,
  branding,
}: {
  mode: PortalMode;
  portalId: string;
  page: PortalPage;
  projectId?: string | undefined;
  fileId?: string | undefined;
  invoiceId?: string | undefined;
  quoteId?: string | undefined;
  branding: PortalBranding | undefined;
}) {
  const { t } = useI18n();
  const session = useSession();
  const mismatch = session !== null && session.client.portalId !== portalId;
  // Back from a card payment in a tab without this portal's session (the widget's payment tab).
  const paymentReturned = session === null && page === 'payment-success';

  useEffect(() => {
    if (session && !mismatch) {
      forgetReturnPage();
      return;
    }
    if (paymentReturned) return;
    // Inside the widget, the page asked for opens after sign-in.
    rememberReturnPage(page);
    if (session && mismatch) {
      reportPortalMismatch(session.token, portalId);
      clearSession();
    } else {
      readSession(); // removes malformed or expired data
    }
    navigate(loginPath(mode, portalId), { replace: true });
  }, [session, mismatch, paymentReturned, mode, portalId, page]);

  useEffect(() => {
    const tick = window.setInterval(() => readSession(), SESSION_TICK_MS);
    return () => window.clearInterval(tick);
  }, []);

  const fallback = <PageFallback label={t('common.loading')} />;
  if (paymentReturned) return <PaymentReturned branding={branding} login={loginPath(mode, portalId)} />;
  if (!session || mismatch) return fallback;
  return (
    <Suspense fallback={fallback}>
      <SignedInApp
        mode={mode}
        portalId={portalId}
        page={page}
        projectId={projectId}
        fileId={fileId}
        invoiceId={invoiceId}
        quoteId={quoteId}
        session={session}
        branding={branding}
      />
    </Suspense>
  );
}
