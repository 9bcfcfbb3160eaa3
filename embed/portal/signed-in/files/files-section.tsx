import { FileText, SearchX } from 'lucide-react';
import { FILE_STATUSES, type FileList, type FileStatus } from '../../../../shared/contracts/files';
import { Button } from '../../../../shared/ui/button';
import { Card } from '../../../../shared/ui/card';
import { SelectField } from '../../../../shared/ui/select-field';
import { useI18n } from '../../i18n/i18n-context';
import { useProjects } from '../portal-data';
import { useSignedIn } from '../signed-in-context';
import { EmptyState } from '../ui/empty-state';
import { LoadFailed, LoadingRows } from '../ui/load-state';
import { FileRow } from './file-row';
import type { FileFilter, useFileList } from './files-data';

/** "Waiting for your review": how many files await the client's decision, above the list. */
function WaitingNotice({ count }: { count: number }) {
  const { t } = useI18n();
  if (count === 0) return null;
  return (
    <div
      role="status"
      className="grid gap-1 rounded-2xl border border-primary/30 bg-primary-soft px-4 py-3 text-ink sm:px-5"
    >
      <p className="font-semibold">{t('files.waitingTitle')}</p>
      <p className="text-sm text-muted">{t('files.waitingBody', { count })}</p>
    </div>
  );
}

/** Files awaiting the client's decision first, then the rest as the server sorted them. */
function ordered(list: FileList) {
  const waiting = list.items.filter((file) => file.allowedDecisions.length > 0);
  const rest = list.items.filter((file) => file.allowedDecisions.length === 0);
  return { waiting, items: [...waiting, ...rest] };
}

/** The status and (on the Files page) project filters, as native selects (the phone's own picker). */
function Filters({
  filter,
  onChange,
  withProject,
  counts,
}: {
  filter: FileFilter;
  onChange: (next: FileFilter) => void;
  withProject: boolean;
  counts: FileList['statusCounts'] | undefined;
}) {
  const { t } = useI18n();
  const { portalId } = useSignedIn();
  const projects = useProjects(portalId);
  const statusLabel = (status: FileStatus) => {
    const label = t(`status.file.${status}`);
    const count = counts?.[status];
    return count === undefined ? label : t('files.statusCount', { status: label, count });
  };
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
      <legend className="sr-only">{t('files.filters')}</legend>
      {withProject ? (
        <SelectField
          label={t('files.project')}
          name="project"
          value={filter.projectId ?? ''}
          onChange={(event) => onChange({ ...filter, projectId: event.target.value || undefined })}
          options={[
            { value: '', label: t('files.allProjects') },
            ...(projects.data?.items ?? []).map((project) => ({ value: project.id, label: project.name })),
            // A project in the address that is not (yet) among the loaded ones stays selectable.
            ...(filter.projectId && !projects.data?.items.some((p) => p.id === filter.projectId)
              ? [{ value: filter.projectId, label: t('files.project') }]
              : []),
          ]}
        />
      ) : null}
      <SelectField
        label={t('files.status')}
        name="status"
        value={filter.status ?? ''}
        onChange={(event) =>
          onChange({ ...filter, status: (event.target.value || undefined) as FileStatus | undefined })
        }
        options={[
          { value: '', label: t('files.allStatuses') },
          ...FILE_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
        ]}
      />
    </fieldset>
  );
}

/**
 * The client's files under a filter: the filters, "Waiting for your review" and the rows (files to
 * decide on first), or why there are none. The Files page filters by project and status; a project's
 * page shows that project's files.
 */
export function FilesSection({
  filter,
  onFilterChange,
  withProjectFilter,
  emptyTitle,
  emptyBody,
  list,
}: {
  filter: FileFilter;
  onFilterChange: (next: FileFilter) => void;
  withProjectFilter: boolean;
  emptyTitle: string;
  emptyBody: string;
  /** `useFileList(portalId, filter)`, read by the page (its first-content mark waits for it). */
  list: ReturnType<typeof useFileList>;
}) {
  const { t } = useI18n();
  const filtered = filter.status !== undefined || (withProjectFilter && filter.projectId !== undefined);
  const data = list.data;
  const rows = data ? ordered(data) : null;
  return (
    <div className="grid gap-4">
      {data && (data.total > 0 || filtered) ? (
        <Filters
          filter={filter}
          onChange={onFilterChange}
          withProject={withProjectFilter}
          counts={data.statusCounts}
        />
      ) : null}
      {rows ? <WaitingNotice count={rows.waiting.length} /> : null}
      {!data ? (
        list.error ? (
          <LoadFailed message={list.error.message} onRetry={() => void list.refetch()} />
        ) : (
          <LoadingRows rows={3} />
        )
      ) : data.items.length === 0 ? (
        <Card>
          {filtered ? (
            <EmptyState
              icon={SearchX}
              title={t('files.noMatch')}
              body={t('files.noMatchBody')}
              action={
                <Button variant="secondary" size="sm" onClick={() => onFilterChange({})}>
                  {t('files.showAll')}
                </Button>
              }
            />
          ) : (
            <EmptyState icon={FileText} title={emptyTitle} body={emptyBody} />
          )}
        </Card>
      ) : (
        <>
          <Card className="overflow-hidden">
            <ul aria-label={t('files.listLabel')} className="divide-y divide-line">
              {rows?.items.map((file) => (
                <li key={file.id}>
                  <FileRow file={file} showProject={withProjectFilter && !filter.projectId} />
                </li>
              ))}
            </ul>
          </Card>
          {data.total > data.items.length ? (
            <p className="text-sm text-muted">
              {t('files.more', { shown: data.items.length, total: data.total })}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
