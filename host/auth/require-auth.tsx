import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/react';
import { Navigate, useLocation } from '../../shared/router';
import { PageFallback } from '../../shared/ui/spinner';
import { useAuth } from './auth-provider';

/**
 * Guards the provider area (spec §2): signed-out users go to /auth, which brings them back to the page
 * they asked for, with its query (an integration's return to `/integrations/callback` keeps its state and
 * code) once signed in.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const { t } = useTranslation();
  if (auth.status === 'loading') return <PageFallback label={t('app.loading')} />;
  if (auth.status === 'signedOut')
    return (
      <Navigate to="/auth" replace state={{ from: location.pathname + location.search + location.hash }} />
    );
  return children;
}

/** Where sign-in may return to: the guarded pages only, never another site (`//host`) or a public page. */
export function returnPathOf(from: unknown): string {
  if (typeof from !== 'string') return '/dashboard';
  const path = from.split(/[?#]/)[0] ?? '';
  const guarded =
    path === '/dashboard' || path.startsWith('/dashboard/') || path === '/integrations/callback';
  return guarded ? from : '/dashboard';
}

/**
 * Public pages that make no sense when signed in (landing, auth) send the user on: to the guarded page
 * sign-in was asked to return to, else the dashboard.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'signedIn') {
    return <Navigate to={returnPathOf((location.state as { from?: unknown } | null)?.from)} replace />;
  }
  return children;
}
