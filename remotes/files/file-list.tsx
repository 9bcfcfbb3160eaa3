import { FolderOpen, Upload, X } from 'lucide-react';
import { useState } from 'react';
import { FILE_STATUSES, FileSortField, statusCountKey } from '../../shared/contracts/files';
import { dashboardFilePath } from '../../shared/files/dashboard-project-files';
import { providerFileUrls, useFileList } from '../../shared/files/dashboard-query';
import { fileTable } from '../../shared/files/file-table';
import { useFilesKit } from '../../shared/files/kit';
import { Link } from '../../shared/router';
import { Button } from '../../shared/ui/button';
import { ListPage } from '../../shared/ui/list-page';
import { StatusChips } from '../../shared/ui/list-toolbar';
import { useListParams } from '../../shared/ui/use-list-url';
import { useProjectOptions } from './api';
import { useFilesTexts } from './i18n';
import { UploadPanel } from './upload-panel';

const SORT_FIELDS = FileSortField.options;
type SortField = (typeof SORT_FIELDS)[number];
export const PAGE_SIZE = 25;

/** The API's default order per field: newest and largest first, A→Z for the rest. */
const defaultOrder = (field: SortField) =>
  field === 'updatedAt' || field === 'createdAt' || field === 'size' ? 'desc' : 'asc';

/**
 * The files of every project (`/dashboard/files`): upload into a chosen project, search, project and
 * uploader filters, status chips with the API's counts, and the sort in the URL; 25 a page with "Load
 * more", a table on desktop and cards on phones (the kit's `ListTable` with the files kit's columns).
 */
export function FileList() {
  const { t } = useFilesTexts();
  const kit = useFilesKit();
  const params = useListParams({
    filters: { project: 'uuid', status: FILE_STATUSES, by: ['provider', 'client'] },
    sorts: SORT_FIELDS,
    defaultSort: 'updatedAt',
    defaultOrder,
  });
  const { project, status, by } = params.filters;
  const projects = useProjectOptions();
  const list = useFileList({
    ...(params.search ? { search: params.search } : {}),
    ...(project ? { projectId: project } : {}),
    ...(status ? { status } : {}),
    ...(by ? { uploadedBy: by } : {}),
    ...params.sortBy,
    limit: PAGE_SIZE,
  });
  const [uploading, setUploading] = useState(false);
  const counts = list.first?.statusCounts;
  const table = fileTable(kit, {
    hrefFor: (file) => dashboardFilePath(file.id),
    thumbnailUrl: (file) => providerFileUrls.thumbnail(file.id, file.latestVersion.id),
    Link,
  });

  return (
    <ListPage
      t={t}
      params={params}
      query={list}
      {...table}
      actions={
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
      }
      above={
        uploading && projects.data ? (
          <UploadPanel projects={projects.data} defaultProjectId={project} />
        ) : null
      }
      filters={[
        {
          key: 'project',
          label: t('filter.project'),
          allLabel: t('filter.allProjects'),
          options: (projects.data ?? []).map((option) => ({ value: option.id, label: option.name })),
        },
        {
          key: 'by',
          label: t('filter.uploadedBy'),
          allLabel: t('filter.anyone'),
          options: [
            { value: 'provider', label: t('filter.provider') },
            { value: 'client', label: t('filter.client') },
          ],
        },
      ]}
      sortFields={SORT_FIELDS.map((field) => ({ value: field, label: t(`sort.${field}`) }))}
      chips={
        <StatusChips
          label={t('filter.status')}
          value={status}
          onChange={(value) => params.update({ status: value })}
          chips={FILE_STATUSES.map((value) => ({
            value,
            label: kit.t(`status.${value}`),
            count: counts?.[statusCountKey(value)] ?? 0,
          }))}
        />
      }
      empty={{
        icon: FolderOpen,
        action: uploading ? null : (
          <Button onClick={() => setUploading(true)}>
            <Upload aria-hidden="true" className="size-4" />
            {t('upload.open')}
          </Button>
        ),
      }}
    />
  );
}
