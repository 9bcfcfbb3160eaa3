import { FolderOpen } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../router';
import { Pagination } from '../ui/list-controls';
import { LoadFailedPanel } from '../ui/load-failed';
import { Spinner } from '../ui/spinner';
import { StatePanel } from '../ui/state-panel';
import { DashboardFilesKit } from './dashboard-kit';
import { providerFileUrls, uploadToProject, useFileList, useUploadedFile } from './dashboard-query';
import { FileTable } from './file-table';
import { FileUploader } from './file-uploader';
import { useFilesKit } from './kit';

/** Where a file's page is on the dashboard (the files section). */
export const dashboardFilePath = (fileId: string) => `/dashboard/files/${fileId}`;

const PAGE_SIZE = 20;

/**
 * A project's files on the dashboard (the project page's Files tab): upload into the project (several at
 * once, progress per file), then the project's files newest first, each linking to its page in the files
 * section. The same queries and cache as the files section.
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
  const { t } = useFilesKit();
  const [page, setPage] = useState(1);
  const list = useFileList({ projectId, sort: 'updatedAt', order: 'desc', page, pageSize: PAGE_SIZE });
  const uploaded = useUploadedFile();

  let body: React.ReactNode;
  if (list.isError && !list.data) {
    body = (
      <LoadFailedPanel
        title={t('list.loadFailed')}
        retry={t('list.retry')}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (!list.data) {
    body = (
      <div role="status" className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  } else if (list.data.total === 0) {
    body = (
      <StatePanel
        icon={<FolderOpen aria-hidden="true" className="size-6" />}
        title={t('list.empty')}
        body={t('list.emptyBody')}
      />
    );
  } else {
    body = (
      <div className="grid gap-4">
        <FileTable
          items={list.data.items}
          showProject={false}
          hrefFor={(file) => dashboardFilePath(file.id)}
          thumbnailUrl={(file) => providerFileUrls.thumbnail(file.id, file.latestVersion.id)}
          Link={Link}
        />
        <Pagination data={list.data} onPage={setPage} t={(key, values) => t(key, values)} />
      </div>
    );
  }

  return (
    <div className="grid gap-4 pt-4">
      <FileUploader request={uploadToProject(projectId)} onUploaded={uploaded} />
      {body}
    </div>
  );
}
