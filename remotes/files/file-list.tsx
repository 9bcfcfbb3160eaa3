import { FolderOpen, SearchX, Upload, X } from 'lucide-react';
import { useState } from 'react';
import type { FileStatus } from '../../shared/contracts/files';
import { dashboardFilePath } from '../../shared/files/dashboard-project-files';
import { providerFileUrls, useFileList } from '../../shared/files/dashboard-query';
import { FileTable } from '../../shared/files/file-table';
import { useFilesKit } from '../../shared/files/kit';
import { Link } from '../../shared/router';
import { Button } from '../../shared/ui/button';
import { Pagination } from '../../shared/ui/list-controls';
import { LoadFailedPanel } from '../../shared/ui/load-failed';
import { Skeleton } from '../../shared/ui/skeleton';
import { StatePanel } from '../../shared/ui/state-panel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { useProjectOptions } from './api';
import { useFilesTexts } from './i18n';
import { ListToolbar, StatusChips } from './list-toolbar';
import { UploadPanel } from './upload-panel';
import { useListParams } from './use-list-params';

/** Placeholder rows while the first page loads: a thumbnail, a name and a status each. */
export function RowsSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-3 rounded-2xl border border-line p-4">
      {Array.from({ length: 5 }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={row} className="flex items-center gap-3">
          <Skeleton className="size-10 rounded-lg" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="ml-auto h-5 w-24 rounded-full" />
        </div>
      ))}
    </div>
  );
}

/**
 * The files of every project (`/dashboard/files`): upload into a chosen project, search, project / status
 * (with counts) / uploader filters, sort and page in the URL; a table on desktop, cards on phones.
 */
export function FileList() {
  const { t } = useFilesTexts();
  const kit = useFilesKit();
  useDocumentTitle(t('title'));
  const params = useListParams();
  const projects = useProjectOptions();
  const list = useFileList(params.query);
  const [uploading, setUploading] = useState(false);

  let body: React.ReactNode;
  if (list.isError && !list.data) {
    body = (
      <LoadFailedPanel
        title={t('error.title')}
        body={t('error.body')}
        retry={t('error.retry')}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (!list.data) {
    body = <RowsSkeleton />;
  } else if (list.data.total === 0 && !params.filtered) {
    body = (
      <StatePanel
        icon={<FolderOpen aria-hidden="true" className="size-6" />}
        title={t('empty.title')}
        body={t('empty.body')}
      >
        {uploading ? null : (
          <Button onClick={() => setUploading(true)}>
            <Upload aria-hidden="true" className="size-4" />
            {t('upload.open')}
          </Button>
        )}
      </StatePanel>
    );
  } else if (list.data.total === 0) {
    body = (
      <StatePanel
        role="status"
        icon={<SearchX aria-hidden="true" className="size-6" />}
        title={t('empty.noResults')}
        body={t('empty.noResultsBody')}
      >
        <Button variant="secondary" onClick={() => params.update({ q: '', project: '', status: '', by: '' })}>
          {t('empty.clearFilters')}
        </Button>
      </StatePanel>
    );
  } else {
    body = (
      <div
        className={`grid gap-4 transition-opacity ${list.isFetching ? 'opacity-70' : ''}`}
        aria-busy={list.isFetching}
      >
        <FileTable
          items={list.data.items}
          hrefFor={(file) => dashboardFilePath(file.id)}
          thumbnailUrl={(file) => providerFileUrls.thumbnail(file.id, file.latestVersion.id)}
          Link={Link}
        />
        <Pagination
          data={list.data}
          onPage={(page) => params.update({ page: String(page) })}
          t={(key, values) => t(key, values)}
        />
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="text-sm text-muted">{t('subtitle')}</p>
        </div>
        <Button
          variant={uploading ? 'secondary' : 'primary'}
          aria-expanded={uploading}
          onClick={() => setUploading(!uploading)}
        >
          {uploading ? (
            <X aria-hidden="true" className="size-4" />
          ) : (
            <Upload aria-hidden="true" className="size-4" />
          )}
          {uploading ? t('upload.close') : t('upload.open')}
        </Button>
      </header>
      {uploading && projects.data ? (
        <UploadPanel projects={projects.data} defaultProjectId={params.projectId} />
      ) : null}
      <div className="grid gap-3">
        <ListToolbar params={params} projects={projects.data ?? []} />
        <StatusChips
          params={params}
          counts={list.data?.statusCounts}
          statusLabel={(status: FileStatus) => kit.t(`status.${status}`)}
        />
      </div>
      {body}
    </div>
  );
}
