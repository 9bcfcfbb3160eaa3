import { BellDot, FileText, SearchX } from 'lucide-react';
import { useId } from 'react';
import {
  FILE_STATUSES,
  type FileStatus,
  type FileStatusKey,
  type FileSummary,
  statusCountKey,
} from '../../../../shared/contracts/files';
import { type FileLinkComponent, FileTable } from '../../../../shared/files/file-table';
import { Button } from '../../../../shared/ui/button';
import { Card } from '../../../../shared/ui/card';
import { SelectField } from '../../../../shared/ui/select-field';
import { useI18n } from '../../i18n/i18n-context';
import { Link } from '../../navigation/link';
import { useProjects } from '../portal-data';
import { useSignedIn } from '../signed-in-context';
import { EmptyState } from '../ui/empty-state';
import { LoadFailed, LoadingRows } from '../ui/load-state';
import type { FileFilter, useFileList } from './files-data';
import { usePortalFileUrls } from './portal-files-kit';

/** The app's link for the shared table. */
const TableLink: FileLinkComponent = ({ to, className, children }) => (
  <Link to={to} {...(className ? { className } : {})}>
    {children}
  </Link>
);

/** Files of a list in the shared table (cards on a phone), each opening its page. */
function Files({ items, showProject }: { items: readonly FileSummary[]; showProject: boolean }) {
  const { filePathTo } = useSignedIn();
  const urls = usePortalFileUrls();
  return (
    <FileTable
      items={items}
      hrefFor={(file) => filePathTo(file.id)}
      thumbnailUrl={(file) => urls.thumbnail(file.id, file.latestVersion.id)}
      Link={TableLink}
      showProject={showProject}
    />
  );
}

/**
 * "Waiting for your review": the files awaiting the client's decision, set apart above the others
 * (a heading, how many, and their rows).
 */
function WaitingForReview({
  items,
  showProject,
  level,
}: {
  items: readonly FileSummary[];
  showProject: boolean;
  level: 2 | 3;
}) {
  const { t } = useI18n();
  const Heading = level === 2 ? 'h2' : 'h3';
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 rounded-2xl border-2 border-primary/40 bg-primary-soft/50 p-3 sm:p-4"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-full bg-primary text-on-primary">
          <BellDot aria-hidden="true" className="size-5" />
        </span>
        <div className="grid gap-0.5">
          <Heading id={headingId} className="font-semibold">
            {t('files.waitingTitle')}
          </Heading>
          <p className="text-sm text-muted">{t('files.waitingBody', { count: items.length })}</p>
        </div>
      </div>
      <Files items={items} showProject={showProject} />
    </section>
  );
}

/** The files not waiting for the client, under their own heading below "Waiting for your review". */
function OtherFiles({
  items,
  showProject,
  level,
}: {
  items: readonly FileSummary[];
  showProject: boolean;
  level: 2 | 3;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <Heading id={headingId} className="font-semibold">
        {t('files.others')}
      </Heading>
      <Files items={items} showProject={showProject} />
    </section>
  );
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
  counts: Partial<Record<FileStatusKey, number>> | undefined;
}) {
  const { t } = useI18n();
  const { portalId } = useSignedIn();
  const projects = useProjects(portalId);
  const statusLabel = (status: FileStatus) => {
    const label = t(`status.file.${status}`);
    const count = counts?.[statusCountKey(status)];
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
  const showProject = withProjectFilter && !filter.projectId;
  const waiting = data?.items.filter((file) => file.allowedDecisions.length > 0) ?? [];
  const others = data?.items.filter((file) => file.allowedDecisions.length === 0) ?? [];
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
          <WaitingForReview items={waiting} showProject={showProject} level={withProjectFilter ? 2 : 3} />
          {others.length > 0 && waiting.length > 0 ? (
            <OtherFiles items={others} showProject={showProject} level={withProjectFilter ? 2 : 3} />
          ) : others.length > 0 ? (
            <Files items={others} showProject={showProject} />
          ) : null}
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
