import { useQuery } from '@tanstack/react-query';
import { call } from '../api/portal-api';
import { useI18n } from '../i18n/i18n-context';

/** Query keys of the signed-in portal, per portal (a client belongs to one). */
export const portalKeys = {
  session: (portalId: string) => ['portal', portalId, 'session'] as const,
  dashboard: (portalId: string) => ['portal', portalId, 'dashboard'] as const,
  projects: (portalId: string) => ['portal', portalId, 'projects'] as const,
  invoices: (portalId: string) => ['portal', portalId, 'invoices'] as const,
};

const params = (portalId: string) => ({ params: { path: { portalId } } });

/** The session as the server sees it (a revoked or expired one answers 401). */
export function useServerSession(portalId: string) {
  const { t } = useI18n();
  return useQuery({
    queryKey: portalKeys.session(portalId),
    queryFn: () =>
      call((api) => api.GET('/api/portal/{portalId}/session', params(portalId)), t('errors.network')),
    staleTime: 60_000,
  });
}

export function useDashboard(portalId: string) {
  const { t } = useI18n();
  return useQuery({
    queryKey: portalKeys.dashboard(portalId),
    queryFn: () =>
      call((api) => api.GET('/api/portal/{portalId}/dashboard', params(portalId)), t('errors.network')),
  });
}

export function useProjects(portalId: string) {
  const { t } = useI18n();
  return useQuery({
    queryKey: portalKeys.projects(portalId),
    queryFn: () =>
      call((api) => api.GET('/api/portal/{portalId}/projects', params(portalId)), t('errors.network')),
  });
}

export function useInvoices(portalId: string) {
  const { t } = useI18n();
  return useQuery({
    queryKey: portalKeys.invoices(portalId),
    queryFn: () =>
      call((api) => api.GET('/api/portal/{portalId}/invoices', params(portalId)), t('errors.network')),
  });
}
