import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/react';
import { Navigate, useLocation } from '../../shared/router';
import { PageFallback } from '../../shared/ui/spinner';
import { useAuth } from './auth-provider';

/** Guards the provider area (spec §2): signed-out users go to /auth. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  const { t } = useTranslation();
  if (auth.status === 'loading') return <PageFallback label={t('app.loading')} />;
  if (auth.status === 'signedOut') return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  return children;
}

/** Public pages that make no sense when signed in (landing, auth) send the user to the dashboard. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (auth.status === 'signedIn') return <Navigate to="/dashboard" replace />;
  return children;
}
