import { ChevronRight, FolderKanban } from 'lucide-react';
import type { PortalProject } from '../../../../shared/contracts/portal-client';
import { formatRelativeTime } from '../../../../shared/format/date';
import { formatMoney } from '../../../../shared/format/money';
import { Card } from '../../../../shared/ui/card';
import { useI18n } from '../../i18n/i18n-context';
import { Link } from '../../navigation/link';
import { useFirstContentMark } from '../../ui/first-content';
import { usePageTitle } from '../../ui/use-page-title';
import { useProjects } from '../portal-data';
import { useSignedIn } from '../signed-in-context';
import { EmptyState } from '../ui/empty-state';
import { LoadFailed, LoadingRows } from '../ui/load-state';
import { PageHeader } from '../ui/page-header';
import { StatusBadge } from '../ui/status-badge';
import { UnreadMessages } from '../ui/unread-messages';
import { ProjectDates } from './project-dates';

function ProjectCard({ project }: { project: PortalProject }) {
  const { t, lang } = useI18n();
  const { projectPathTo } = useSignedIn();
  return (
    <Link
      to={projectPathTo(project.id)}
      className="group grid h-full content-start gap-3 rounded-xl border border-line bg-canvas p-4 shadow-xs transition-colors hover:border-primary/40 focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 className="font-semibold break-words group-hover:text-primary">{project.name}</h2>
        <StatusBadge kind="project" status={project.status} />
      </div>
      {project.description ? (
        <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-muted">
          {project.description}
        </p>
      ) : null}
      <div className="grid gap-1">
        <ProjectDates project={project} />
        {project.budget ? (
          <span className="text-sm text-muted tabular-nums">
            {t('projects.budget', {
              amount: formatMoney(project.budget.amountCents, lang, project.budget.currency),
            })}
          </span>
        ) : null}
      </div>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <span className="text-xs text-subtle">
          {t('projects.updated', { when: formatRelativeTime(project.updatedAt, lang) })}
        </span>
        <span className="flex items-center gap-3">
          <UnreadMessages count={project.unreadMessages} />
          <ChevronRight aria-hidden="true" className="size-4 text-subtle group-hover:text-primary" />
        </span>
      </div>
    </Link>
  );
}

/** The client's projects with status, dates, budget (when shared) and description; each opens its page. */
export default function ProjectsPage() {
  const { t } = useI18n();
  const { portalId, branding } = useSignedIn();
  const projects = useProjects(portalId);
  usePageTitle(t('nav.projects'), branding?.name);
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
              <li key={project.id} className="grid">
                <ProjectCard project={project} />
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
