import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../shared/i18n/react';
import { Navigate, Route, Routes } from '../../../shared/router';
import { PageFallback } from '../../../shared/ui/spinner';
import { PortalList } from './portal-list';

/** The editor (zod contracts, preview) and the domain page are chunks of their own: the list comes first. */
const PortalEditorPage = lazy(() => import('./portal-editor-page'));
const DomainPage = lazy(() => import('./domain-page'));

export const PORTALS_BASE = '/dashboard/portals';

/**
 * /dashboard/portals/* (spec §2, issue 4), a host page with its own texts (i18n namespace `portals`): the
 * list at the root, `new` to create, `{portalId}` to edit, `{portalId}/domain` for the custom domain.
 */
export default function PortalsPage() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<PageFallback label={t('app.loading')} />}>
      <Routes>
        <Route index element={<PortalList />} />
        <Route path="new" element={<PortalEditorPage />} />
        <Route path=":portalId" element={<PortalEditorPage />} />
        <Route path=":portalId/domain" element={<DomainPage />} />
        <Route path="*" element={<Navigate to={PORTALS_BASE} replace />} />
      </Routes>
    </Suspense>
  );
}
