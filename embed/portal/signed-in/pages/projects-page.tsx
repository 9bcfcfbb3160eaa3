import { FolderKanban } from 'lucide-react';
import { formatRelativeTime } from '../../../../shared/format/date';
import { Card } from '../../../../shared/ui/card';
import { useI18n } from '../../i18n/i18n-context';
import { useFirstContentMark } from '../../ui/first-content';
import { usePageTitle } from '../../ui/use-page-title';
import { useProjects } from '../portal-data';
import { useSignedIn } from '../signed-in-context';
import { EmptyState } from '../ui/empty-state';
import { LoadFailed, LoadingRows } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';
import { StatusBadge } from '../ui/status-badge';
import { useHashTarget } from '../ui/use-hash-target';
import { ProjectDates } from './project-dates';

/** The client's projects with status, dates and description, active ones first. */
export default function ProjectsPage() {
  const { t, lang } = useI18n();
  const { portalId, branding } = useSignedIn();
  const projects = useProjects(portalId);
  usePageTitle(t('nav.projects'), branding?.name);
  useHashTarget(projects.isSuccess);
  useFirstContentMark(projects.data !== undefined);
  return (
    <>
      <PageHeader title={t('projects.title')} description={t('projects.subtitle')} />
      {projects.data ? (
        projects.data.items.length === 0 ? (
          <Card>
            <EmptyState icon={FolderKanban} title={t('projects.empty')} body={t('projects.emptyBody')} />
          </Card>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {projects.data.items.map((project) => (
              <li key={project.id}>
                <Card
                  id={`project-${project.id}`}
                  tabIndex={-1}
                  className="grid h-full content-start gap-3 p-4 outline-none focus:ring-2 focus:ring-primary sm:p-5"
                >
                  <div className="flex items-start justify-between gap-3">
                    <h2 className="font-semibold">{project.name}</h2>
                    <StatusBadge kind="project" status={project.status} />
                  </div>
                  {project.description ? (
                    <p className="text-sm whitespace-pre-line text-muted">{project.description}</p>
                  ) : null}
                  <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                    <ProjectDates project={project} />
                    <span className="text-xs text-subtle">
                      {t('projects.updated', { when: formatRelativeTime(project.updatedAt, lang) })}
                    </span>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )
      ) : projects.error ? (
        <LoadFailed message={projects.error.message} onRetry={() => void projects.refetch()} />
      ) : (
        <LoadingRows />
      )}
    </>
  );
}
