import { call } from '../api/portal-api';
import { useI18n } from '../i18n/i18n-context';
import { useData, useIdle } from './data-store';

/** Query keys of the signed-in portal, per portal (a client belongs to one). */
export const portalKeys = {
  session: (portalId: string) => ['portal', portalId, 'session'] as const,
  dashboard: (portalId: string) => ['portal', portalId, 'dashboard'] as const,
  projects: (portalId: string) => ['portal', portalId, 'projects'] as const,
  invoices: (portalId: string) => ['portal', portalId, 'invoices'] as const,
};

const params = (portalId: string) => ({ params: { path: { portalId } } });

/**
 * The session as the server sees it (a revoked or expired one answers 401), asked once the first screen
 * is up: the stored session already renders it, and the check (with the API client's chunk) on the first
 * screen's critical path cost the signed-in dashboard ~300 ms of LCP in Lighthouse's mobile simulation.
 */
export function useServerSession(portalId: string) {
  const { t } = useI18n();
  const idle = useIdle();
  return useData(
    portalKeys.session(portalId),
    () => call((api) => api.GET('/api/portal/{portalId}/session', params(portalId)), t('errors.network')),
    { staleMs: 60_000, enabled: idle },
  );
}

export function useDashboard(portalId: string) {
  const { t } = useI18n();
  return useData(portalKeys.dashboard(portalId), () =>
    call((api) => api.GET('/api/portal/{portalId}/dashboard', params(portalId)), t('errors.network')),
  );
}

export function useProjects(portalId: string) {
  const { t } = useI18n();
  return useData(portalKeys.projects(portalId), () =>
    call((api) => api.GET('/api/portal/{portalId}/projects', params(portalId)), t('errors.network')),
  );
}

export function useInvoices(portalId: string) {
  const { t } = useI18n();
  return useData(portalKeys.invoices(portalId), () =>
    call((api) => api.GET('/api/portal/{portalId}/invoices', params(portalId)), t('errors.network')),
  );
}
