import { lazy, Suspense } from 'react';
import { DashboardFilesKit, filesKitTexts } from '../../shared/files/dashboard-kit';
import { Navigate, Route, Routes } from '../../shared/router';
import { DetailSkeleton, ListPageSkeleton } from '../../shared/ui/page-skeletons';
import { FileList } from './file-list';
import { useFilesTexts } from './i18n';

/** The file page (pins, decisions, history, dialogs and zod) is its own chunk: the list is what most visits need. */
const FilePage = lazy(() => import('./file-page'));

export const FILES_BASE = '/dashboard/files';

/**
 * The Files section (issue 20), exposed as `files/Section` and mounted by the host under
 * `/dashboard/files/*`, inside the host's router, QueryClient and i18n. The list at the section root, a
 * file at `:fileId`. Renders a skeleton until its texts (namespace `files`) and the file components'
 * (`filesKit`) are registered.
 */
export default function FilesSection() {
  const { ready } = useFilesTexts();
  // The file components' texts load beside the section's own, not after them.
  const kit = filesKitTexts.useTexts();
  if (!ready || !kit.ready) return <ListPageSkeleton />;
  return (
    <DashboardFilesKit fallback={<ListPageSkeleton />}>
      <Routes>
        <Route index element={<FileList />} />
        <Route
          path=":fileId"
          element={
            <Suspense fallback={<DetailSkeleton />}>
              <FilePage />
            </Suspense>
          }
        />
        <Route path="*" element={<Navigate to={FILES_BASE} replace />} />
      </Routes>
    </DashboardFilesKit>
  );
}
