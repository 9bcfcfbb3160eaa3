import { ArrowDown, ArrowUp, MessageSquare } from 'lucide-react';
import { formatRelativeTime } from '../../shared/format/date';
import { Link } from '../../shared/router';
import { Pagination } from '../../shared/ui/list-controls';
import type { Project, useProjectList } from './api';
import { formatBudget, formatDates } from './format';
import { useProjectTexts } from './i18n';
import { StatusBadge } from './status-badge';
import type { SortField } from './use-list-params';

type ListData = NonNullable<ReturnType<typeof useProjectList>['data']>;
type Order = 'asc' | 'desc';

/** Columns of the desktop table; `sort` when the API sorts by it. */
const COLUMNS: { label: string; sort?: SortField; align?: 'right' }[] = [
  { label: 'columns.name', sort: 'name' },
  { label: 'columns.client' },
  { label: 'columns.status', sort: 'status' },
  { label: 'columns.budget', align: 'right' },
  { label: 'columns.dates', sort: 'startDate' },
  { label: 'columns.updated', sort: 'updatedAt' },
];

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

/** One page of projects: a sortable table from 768 px, cards below; then the pager. */
export function ProjectTable({
  data,
  sort,
  order,
  fetching,
  onSort,
  onPage,
}: {
  data: ListData;
  sort: SortField;
  order: Order;
  fetching: boolean;
  onSort: (sort: SortField, order: Order) => void;
  onPage: (page: number) => void;
}) {
  const { t, lang } = useProjectTexts();
  return (
    <div className={`grid gap-4 transition-opacity ${fetching ? 'opacity-70' : ''}`} aria-busy={fetching}>
      <div className="overflow-x-auto rounded-2xl border border-line max-md:hidden">
        <table className="w-full text-left text-sm">
          <thead className="bg-surface text-muted">
            <tr>
              {COLUMNS.map(({ label, sort: field, align }) => {
                const active = field !== undefined && sort === field;
                const Icon = order === 'asc' ? ArrowUp : ArrowDown;
                return (
                  <th
                    key={label}
                    scope="col"
                    aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                    className={`px-4 py-2.5 font-medium whitespace-nowrap ${align === 'right' ? 'text-right' : ''}`}
                  >
                    {field ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 rounded hover:text-ink"
                        onClick={() => onSort(field, active && order === 'asc' ? 'desc' : 'asc')}
                      >
                        {t(label)}
                        {active ? <Icon aria-hidden="true" className="size-3.5" /> : null}
                      </button>
                    ) : (
                      t(label)
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {data.items.map((project) => (
              <tr key={project.id} className="hover:bg-surface/60">
                <td className="max-w-72 px-4 py-3">
                  <span className="flex items-center gap-2">
                    <Link to={project.id} className="truncate font-medium text-ink hover:text-primary">
                      {project.name}
                    </Link>
                    <Unread count={project.unreadMessages} />
                  </span>
                </td>
                <td className="max-w-48 truncate px-4 py-3 text-muted">{project.client.name}</td>
                <td className="px-4 py-3">
                  <StatusBadge status={project.status} />
                </td>
                <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                  {formatBudget(project, lang) ?? <span className="text-subtle">—</span>}
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-muted tabular-nums">
                  {formatDates(project, t, lang)}
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-muted">
                  <time dateTime={project.updatedAt}>{formatRelativeTime(project.updatedAt, lang)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 md:hidden">
        {data.items.map((project) => (
          <li key={project.id}>
            <ProjectCard project={project} />
          </li>
        ))}
      </ul>
      <Pagination data={data} onPage={onPage} t={(key, values) => t(key, values)} />
    </div>
  );
}

/** A project on a phone: name and status, then client, budget and dates. */
function ProjectCard({ project }: { project: Project }) {
  const { t, lang } = useProjectTexts();
  const budget = formatBudget(project, lang);
  return (
    <Link
      to={project.id}
      className="grid gap-2 rounded-2xl border border-line bg-canvas p-4 shadow-xs hover:border-slate-300"
    >
      <span className="flex items-start justify-between gap-3">
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium text-ink">{project.name}</span>
          <Unread count={project.unreadMessages} />
        </span>
        <StatusBadge status={project.status} />
      </span>
      <span className="truncate text-sm text-muted">{project.client.name}</span>
      <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs text-subtle">
        <span className="tabular-nums">{formatDates(project, t, lang)}</span>
        {budget ? <span className="font-medium text-ink tabular-nums">{budget}</span> : null}
      </span>
    </Link>
  );
}
