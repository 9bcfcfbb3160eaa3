import { ArrowLeft, FolderX, Receipt, Upload } from 'lucide-react';
import { useState } from 'react';
import { ApiError } from '../../../../shared/api/error';
import { formatRelativeTime } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import { Button } from '../../../../shared/ui/button';
import { Card } from '../../../../shared/ui/card';
import { useI18n } from '../../i18n/i18n-context';
import { Link } from '../../navigation/link';
import { useFirstContentMark } from '../../ui/first-content';
import { usePageTitle } from '../../ui/use-page-title';
import { fileFilterPath } from '../files/file-filters';
import { type FileFilter, useFileList } from '../files/files-data';
import { FilesSection } from '../files/files-section';
import { PortalFilesKit } from '../files/portal-files-kit';
import { UploadPanel, useUploadToggle } from '../files/upload-panel';
import { formatCalendarDate } from '../format';
import { localToday, shownStatus } from '../invoices/invoice-list';
import { useInvoices, useProject } from '../portal-data';
import { useSignedIn } from '../signed-in-context';
import { EmptyState } from '../ui/empty-state';
import { LoadFailed, LoadingRows } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';
import { StatusBadge } from '../ui/status-badge';
import { ActivityCard } from './project/activity-card';
import { ProjectConversation } from './project/project-conversation';
import { ProjectOverview } from './project/project-overview';

function BackLink() {
  const { t } = useI18n();
  const { pathTo } = useSignedIn();
  return (
    <Link
      to={pathTo('projects')}
      className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-ink"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('project.back')}
    </Link>
  );
}

/** The project's files (those waiting for the client's decision first) and an upload into it. */
function ProjectFiles({ projectId }: { projectId: string }) {
  const { t } = useI18n();
  const { portalId, pathTo } = useSignedIn();
  const [filter, setFilter] = useState<FileFilter>({ projectId });
  const list = useFileList(portalId, filter);
  const upload = useUploadToggle();
  return (
    <PortalFilesKit>
      <section aria-labelledby="project-files" className="grid content-start gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="project-files" className="text-lg font-semibold">
            <Link to={fileFilterPath(pathTo('files'), { projectId })} className="hover:underline">
              {t('nav.files')}
            </Link>
          </h2>
          {upload.open ? null : (
            <Button id={upload.buttonId} variant="secondary" size="sm" onClick={upload.show}>
              <Upload aria-hidden="true" className="size-4" />
              {t('files.upload')}
            </Button>
          )}
        </div>
        {upload.open ? <UploadPanel projectId={projectId} onClose={upload.close} /> : null}
        <FilesSection
          filter={filter}
          onFilterChange={(next) => setFilter({ ...next, projectId })}
          withProjectFilter={false}
          emptyTitle={t('project.noFiles')}
          emptyBody={t('project.noFilesBody')}
          list={list}
        />
      </section>
    </PortalFilesKit>
  );
}

/** The project's invoices (from the client's invoice list) and its files. */
function ProjectDocuments({ projectId }: { projectId: string }) {
  const { t, lang } = useI18n();
  const { portalId, invoicePathTo } = useSignedIn();
  const invoices = useInvoices(portalId);
  const mine = invoices.data?.items.filter((invoice) => invoice.project?.id === projectId) ?? [];
  return (
    <div className="grid gap-6">
      <section aria-labelledby="project-invoices" className="grid content-start gap-3">
        <h2 id="project-invoices" className="text-lg font-semibold">
          {t('nav.invoices')}
        </h2>
        <Card className="overflow-hidden">
          {invoices.data === undefined ? (
            invoices.error ? (
              <LoadFailed message={invoices.error.message} onRetry={() => void invoices.refetch()} />
            ) : (
              <LoadingRows rows={1} />
            )
          ) : mine.length === 0 ? (
            <EmptyState icon={Receipt} title={t('project.noInvoices')} body={t('project.noInvoicesBody')} />
          ) : (
            <ul className="divide-y divide-line">
              {mine.map((invoice) => (
                <li key={invoice.id}>
                  <Link
                    to={invoicePathTo(invoice.id)}
                    className="flex items-center justify-between gap-3 p-4 hover:bg-surface"
                  >
                    <span className="grid min-w-0 gap-0.5">
                      <span className="truncate font-medium">{invoice.number}</span>
                      <span className="text-sm text-muted">
                        {invoice.dueDate
                          ? t('invoices.dueOn', { date: formatCalendarDate(invoice.dueDate, lang) })
                          : t('invoices.noDueDate')}
                      </span>
                    </span>
                    <span className="grid justify-items-end gap-1">
                      <span className="font-medium tabular-nums">
                        {formatMoney(invoice.amountCents, lang, invoice.currency)}
                      </span>
                      <StatusBadge kind="invoice" status={shownStatus(invoice, localToday())} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </section>
      <ProjectFiles projectId={projectId} />
    </div>
  );
}

/**
 * One of the client's projects: its overview (status, dates, the budget when the provider shares it,
 * description), its conversation with the provider, its activity, and its invoices and files.
 */
export default function ProjectPage({ projectId }: { projectId: string }) {
  const { t, lang } = useI18n();
  const { portalId, branding } = useSignedIn();
  const project = useProject(portalId, projectId);
  usePageTitle(project.data?.name ?? t('nav.projects'), branding?.name);
  useFirstContentMark(project.data !== undefined || project.error !== null);

  if (!project.data) {
    const missing = project.error instanceof ApiError && project.error.status === 404;
    return (
      <>
        <BackLink />
        {missing ? (
          <>
            <PageHeader title={t('project.notFound')} />
            <Card>
              <EmptyState icon={FolderX} title={t('project.notFound')} body={t('project.notFoundBody')} />
            </Card>
          </>
        ) : project.error ? (
          <LoadFailed message={project.error.message} onRetry={() => void project.refetch()} />
        ) : (
          <LoadingRows rows={4} />
        )}
      </>
    );
  }
  const data = project.data;
  return (
    <>
      <BackLink />
      <PageHeader
        title={data.name}
        description={
          <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
            <StatusBadge kind="project" status={data.status} />
            <span className="text-sm">
              {t('projects.updated', { when: formatRelativeTime(data.updatedAt, lang) })}
            </span>
          </span>
        }
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-8">
          <ProjectOverview project={data} />
          <ProjectConversation projectId={projectId} />
        </div>
        <div className="grid content-start gap-8">
          <ActivityCard portalId={portalId} projectId={projectId} />
          <ProjectDocuments projectId={projectId} />
        </div>
      </div>
    </>
  );
}
