import { ArrowDown, ArrowUp, ChevronRight } from 'lucide-react';
import { formatDate } from '../../shared/format/date';
import { Link } from '../../shared/router';
import { Pagination } from '../../shared/ui/list-controls';
import type { ClientListItem, useClientList } from './api';
import { useClientTexts } from './i18n';
import type { SortField } from './use-list-params';

type ListData = NonNullable<ReturnType<typeof useClientList>['data']>;
type Order = 'asc' | 'desc';

const COLUMNS: { field: SortField; label: string }[] = [
  { field: 'name', label: 'columns.name' },
  { field: 'email', label: 'columns.email' },
  { field: 'company', label: 'columns.company' },
  { field: 'createdAt', label: 'columns.created' },
];

/** The first letters of a name, for the avatar. */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

function Avatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="grid size-9 shrink-0 place-items-center rounded-full bg-primary-soft text-sm font-semibold text-primary"
    >
      {initials(name)}
    </span>
  );
}

/** One page of clients: a sortable table from 768 px, cards below; then the pager. */
export function ClientTable({
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
  const { t, lang } = useClientTexts();
  return (
    <div className={`grid gap-4 transition-opacity ${fetching ? 'opacity-70' : ''}`} aria-busy={fetching}>
      <div className="overflow-hidden rounded-2xl border border-line max-md:hidden">
        <table className="w-full text-left text-sm">
          <thead className="bg-surface text-muted">
            <tr>
              {COLUMNS.map(({ field, label }) => {
                const active = sort === field;
                const Icon = order === 'asc' ? ArrowUp : ArrowDown;
                return (
                  <th
                    key={field}
                    scope="col"
                    aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                    className="px-4 py-2.5 font-medium"
                  >
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 rounded hover:text-ink"
                      onClick={() => onSort(field, active && order === 'asc' ? 'desc' : 'asc')}
                    >
                      {t(label)}
                      {active ? <Icon aria-hidden="true" className="size-3.5" /> : null}
                    </button>
                  </th>
                );
              })}
              <th scope="col" className="px-4 py-2.5 font-medium">
                {t('columns.portal')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {data.items.map((client) => (
              <tr key={client.id} className="hover:bg-surface/60">
                <td className="px-4 py-3">
                  <Link
                    to={client.id}
                    className="flex items-center gap-3 font-medium text-ink hover:text-primary"
                  >
                    <Avatar name={client.name} />
                    {client.name}
                  </Link>
                </td>
                <td className="px-4 py-3 text-muted">{client.email}</td>
                <td className="px-4 py-3 text-muted">{client.company ?? '—'}</td>
                <td className="px-4 py-3 whitespace-nowrap text-muted">
                  {formatDate(client.createdAt, lang)}
                </td>
                <td className="px-4 py-3 text-muted">{client.portal.portalName}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 md:hidden">
        {data.items.map((client) => (
          <li key={client.id}>
            <ClientCard client={client} />
          </li>
        ))}
      </ul>
      <Pagination data={data} onPage={onPage} t={(key, values) => t(key, values)} />
    </div>
  );
}

function ClientCard({ client }: { client: ClientListItem }) {
  return (
    <Link
      to={client.id}
      className="flex items-center gap-3 rounded-2xl border border-line bg-canvas p-4 shadow-xs hover:border-slate-300"
    >
      <Avatar name={client.name} />
      <span className="grid min-w-0 gap-0.5">
        <span className="truncate font-medium text-ink">{client.name}</span>
        <span className="truncate text-sm text-muted">{client.email}</span>
        <span className="truncate text-xs text-subtle">
          {[client.company, client.portal.portalName].filter(Boolean).join(' · ')}
        </span>
      </span>
      <ChevronRight aria-hidden="true" className="ml-auto size-4 shrink-0 text-subtle" />
    </Link>
  );
}
