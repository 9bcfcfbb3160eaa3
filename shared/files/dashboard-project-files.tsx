import { FolderOpen } from 'lucide-react';
import { Link } from '../router';
import { ListTable } from '../ui/list-table';
import { Spinner } from '../ui/spinner';
import { StatePanel } from '../ui/state-panel';
import { DashboardFilesKit } from './dashboard-kit';
import { providerFileUrls, uploadToProject, useFileList, useUploadedFile } from './dashboard-query';
import { fileTable } from './file-table';
import { FileUploader } from './file-uploader';
import { useFilesKit } from './kit';

/** Where a file's page is on the dashboard (the files section). */
export const dashboardFilePath = (fileId: string) => `/dashboard/files/${fileId}`;

const PAGE_SIZE = 20;

/**
 * A project's files on the dashboard (the project page's Files tab): upload into the project (several at
 * once, progress per file), then the project's files newest first with "Load more" (the kit's
 * `ListTable`), each linking to its page in the files section. The same queries and cache as the files
 * section.
 */
export function DashboardProjectFiles({ projectId }: { projectId: string }) {
  return (
    <DashboardFilesKit
      fallback={
        <div role="status" className="flex justify-center py-12">
          <Spinner />
        </div>
      }
    >
      <ProjectFiles projectId={projectId} />
    </DashboardFilesKit>
  );
}

function ProjectFiles({ projectId }: { projectId: string }) {
  const kit = useFilesKit();
  const list = useFileList({ projectId, sort: 'updatedAt', order: 'desc', limit: PAGE_SIZE });
  const uploaded = useUploadedFile();
  const table = fileTable(kit, {
    showProject: false,
    hrefFor: (file) => dashboardFilePath(file.id),
    thumbnailUrl: (file) => providerFileUrls.thumbnail(file.id, file.latestVersion.id),
    Link,
  });

  return (
    <div className="grid gap-4 pt-4">
      <FileUploader request={uploadToProject(projectId)} onUploaded={uploaded} />
      <ListTable
        {...table}
        query={list}
        errorTitle={kit.t('list.loadFailed')}
        empty={
          <StatePanel
            icon={<FolderOpen aria-hidden="true" className="size-6" />}
            title={kit.t('list.empty')}
            body={kit.t('list.emptyBody')}
          />
        }
      />
    </div>
  );
}
