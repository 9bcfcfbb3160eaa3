import { MessageSquare } from 'lucide-react';
import { formatRelativeTime } from '../../shared/format/date';
import { Link } from '../../shared/router';
import { ClampedText, type Column } from '../../shared/ui/data-table';
import { StatusBadge } from '../../shared/ui/status-badge';
import type { Project } from './api';
import { formatBudget, formatDates } from './format';
import { useProjectTexts } from './i18n';
import { PROJECT_STATUS } from './status';

type T = (key: string, values?: Record<string, string>) => string;

function Unread({ count }: { count: number }) {
  const { t } = useProjectTexts();
  if (count === 0) return null;
  return (
    <span
      title={t('unread', { count })}
      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-primary px-1.5 text-xs font-semibold text-on-primary"
    >
      <MessageSquare aria-hidden="true" className="size-3" />
      {count}
      <span className="sr-only">{t('unread', { count })}</span>
    </span>
  );
}

/** The list's columns: name (with unread messages), client, status, budget, dates and last change. */
export function projectColumns(t: T, lang: string): Column<Project>[] {
  return [
    {
      id: 'name',
      header: t('columns.name'),
      sort: 'name',
      long: (project) => project.name,
      cell: (project) => (
        <span className="flex items-center gap-2">
          <ClampedText>
            <Link to={project.id} className="font-medium text-ink hover:text-primary">
              {project.name}
            </Link>
          </ClampedText>
          <Unread count={project.unreadMessages} />
        </span>
      ),
    },
    {
      id: 'client',
      header: t('columns.client'),
      long: (project) => project.client.name,
      className: 'text-muted',
      cell: (project) => project.client.name,
    },
    {
      id: 'status',
      header: t('columns.status'),
      sort: 'status',
      cell: (project) => <StatusBadge status={project.status} map={PROJECT_STATUS} t={t} />,
    },
    {
      id: 'budget',
      header: t('columns.budget'),
      align: 'right',
      className: 'tabular-nums',
      cell: (project) => formatBudget(project, lang) ?? <span className="text-subtle">—</span>,
    },
    {
      id: 'dates',
      header: t('columns.dates'),
      sort: 'startDate',
      hideBelow: '4xl',
      className: 'text-muted tabular-nums',
      cell: (project) => formatDates(project, t, lang),
    },
    {
      id: 'updated',
      header: t('columns.updated'),
      sort: 'updatedAt',
      className: 'text-muted',
      cell: (project) => (
        <time dateTime={project.updatedAt}>{formatRelativeTime(project.updatedAt, lang)}</time>
      ),
    },
  ];
}

/** A project on a phone: name and status, then client, budget and dates. */
export function ProjectCard({ project }: { project: Project }) {
  const { t, lang } = useProjectTexts();
  const budget = formatBudget(project, lang);
  return (
    <Link
      to={project.id}
      className="grid grid-cols-[minmax(0,1fr)] gap-2 rounded-2xl border border-line bg-canvas p-4 shadow-xs hover:border-slate-300"
    >
      <span className="flex items-start justify-between gap-3">
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium text-ink">{project.name}</span>
          <Unread count={project.unreadMessages} />
        </span>
        <StatusBadge status={project.status} map={PROJECT_STATUS} t={t} />
      </span>
      <span className="truncate text-sm text-muted">{project.client.name}</span>
      <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs text-subtle">
        <span className="tabular-nums">{formatDates(project, t, lang)}</span>
        {budget ? <span className="font-medium text-ink tabular-nums">{budget}</span> : null}
      </span>
    </Link>
  );
}
