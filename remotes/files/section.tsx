import { lazy } from 'react';
import { DashboardFilesKit } from '../../shared/files/dashboard-kit';
import { ListPageSkeleton } from '../../shared/ui/page-skeletons';
import { SectionRoutes } from '../../shared/ui/section-routes';
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
  // The file components' texts (`DashboardFilesKit`) load beside the section's own, not after them.
  const { ready } = useFilesTexts();
  return (
    <DashboardFilesKit fallback={<ListPageSkeleton />}>
      <SectionRoutes
        ready={ready}
        base={FILES_BASE}
        list={<FileList />}
        pages={{ ':fileId': <FilePage /> }}
      />
    </DashboardFilesKit>
  );
}
