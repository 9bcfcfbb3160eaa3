import i18next from 'i18next';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { loadTexts } from '../shared/i18n/index';
import { useTranslation } from '../shared/i18n/react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from '../shared/router';
import { ErrorBoundary } from '../shared/ui/error-screen';
import { PageFallback } from '../shared/ui/spinner';
import { Toaster } from '../shared/ui/toaster';
import { AuthProvider, useAuth } from './auth/auth-provider';
import { RedirectIfSignedIn, RequireAuth } from './auth/require-auth';

// Every page is its own chunk (spec §2: pages load lazily with a loading fallback).
// The landing page brings its own texts (an i18n namespace), so the dashboard's first load does not carry them.
const Landing = lazy(() =>
  Promise.all([import('./pages/landing/landing-page'), loadTexts('landing')]).then(([page]) => page),
);
const AuthPage = lazy(() => import('./pages/auth/auth-page'));
/**
 * A lazy page that needs the `public` texts namespace (loaded with it, in parallel; either failing shows
 * the error screen, never a page of raw keys).
 */
const withPublicTexts = (page: () => Promise<{ default: ComponentType }>) =>
  lazy(() => Promise.all([page(), loadTexts('public')]).then(([module]) => module));
const VerifyEmail = withPublicTexts(() => import('./pages/auth/verify-email-page'));
const SignupSuccess = withPublicTexts(() => import('./pages/auth/signup-success-page'));
const ForgotPassword = withPublicTexts(() => import('./pages/auth/forgot-password-page'));
const ResetPassword = withPublicTexts(() => import('./pages/auth/reset-password-page'));
const Waitlist = withPublicTexts(() => import('./pages/waitlist-page'));
const Privacy = withPublicTexts(() => import('./pages/legal/privacy-page'));
const Terms = withPublicTexts(() => import('./pages/legal/terms-page'));
const Dashboard = lazy(() => import('./dashboard/dashboard-frame'));
const NotFound = lazy(() => import('./pages/not-found-page'));
// TanStack Query, only under the signed-in dashboard (the public forms submit without it).
const AppServices = lazy(() => import('./app-services'));

/**
 * Starts loading the code of the page at `pathname` while the language's texts load (the app renders only
 * after them), instead of one round trip after: the landing page, the dashboard's query client, shell and
 * the section's page when the host has it (the overview). The lazy routes then find the modules loaded. Failures are left to them.
 */
export function preloadRoute(path: string): void {
  const early =
    path === '/'
      ? import('./pages/landing/landing-page')
      : path.startsWith('/dashboard')
        ? Promise.all([
            import('./app-services'),
            // The section's own page through the shell's module (a chunk of the shell's, not a second copy).
            import('./dashboard/dashboard-frame').then((m) => m.preloadHostPage(path)),
          ])
        : null;
  early?.catch(() => {});
}

/**
 * `/integrations/callback` (spec §2: guarded), where an integration's authorisation returns: forwarded with
 * its query to the Integrations section's return page, which checks the state and says how it went.
 */
function IntegrationsCallback() {
  const { search } = useLocation();
  return <Navigate to={`/dashboard/integrations/callback${search}`} replace />;
}

/**
 * `/calendar-oauth-callback` (spec §2: unguarded), where Google Calendar's authorisation returns. Not behind
 * the guard: it waits for the session itself, then hands the query to the Integrations section's return
 * page (which checks the state against the provider who started it and says how it went); signed out, it
 * asks to sign in first and comes back to that page with the query.
 */
function CalendarOAuthCallback() {
  const auth = useAuth();
  const { search } = useLocation();
  const { t } = useTranslation();
  const target = `/dashboard/integrations/callback${search}`;
  if (auth.status === 'loading') return <PageFallback label={t('app.loading')} />;
  if (auth.status === 'signedOut') return <Navigate to="/auth" replace state={{ from: target }} />;
  return <Navigate to={target} replace />;
}

function Page({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Suspense fallback={<PageFallback label={t('app.loading')} />}>{children}</Suspense>;
}

/**
 * The host app: providers, the route table, the query client under the dashboard, and the toast outlet
 * (which loads sonner only when a toast is raised).
 */
export function App() {
  return (
    <ErrorBoundary lang={() => i18next.language}>
      <AuthProvider>
        <BrowserRouter>
          <Page>
            <Routes>
              <Route
                path="/"
                element={
                  <RedirectIfSignedIn>
                    <Landing />
                  </RedirectIfSignedIn>
                }
              />
              <Route
                path="/auth"
                element={
                  <RedirectIfSignedIn>
                    <AuthPage />
                  </RedirectIfSignedIn>
                }
              />
              <Route path="/auth/verify" element={<VerifyEmail />} />
              <Route path="/auth/forgot-password" element={<ForgotPassword />} />
              <Route path="/auth/reset-password" element={<ResetPassword />} />
              <Route path="/signup-success" element={<SignupSuccess />} />
              <Route path="/waitlist" element={<Waitlist />} />
              <Route element={<AppServices />}>
                <Route
                  path="/dashboard/*"
                  element={
                    <RequireAuth>
                      <Dashboard />
                    </RequireAuth>
                  }
                />
              </Route>
              <Route
                path="/integrations/callback"
                element={
                  <RequireAuth>
                    <IntegrationsCallback />
                  </RequireAuth>
                }
              />
              <Route path="/calendar-oauth-callback" element={<CalendarOAuthCallback />} />
              <Route path="/privacy" element={<Privacy />} />
              <Route path="/terms" element={<Terms />} />
              <Route path="*" element={<NotFound />} />
            </Routes>
          </Page>
          <Toaster />
        </BrowserRouter>
      </AuthProvider>
    </ErrorBoundary>
  );
}
