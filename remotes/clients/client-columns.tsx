import { ChevronRight } from 'lucide-react';
import { formatDate } from '../../shared/format/date';
import { Link } from '../../shared/router';
import { ClampedText, type Column } from '../../shared/ui/data-table';
import type { ClientListItem } from './api';

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

/** The list's columns: name (with the avatar), e-mail, company and since when (sortable), and the portal. */
export function clientColumns(t: (key: string) => string, lang: string): Column<ClientListItem>[] {
  return [
    {
      id: 'name',
      header: t('columns.name'),
      sort: 'name',
      long: (client) => client.name,
      cell: (client) => (
        <Link to={client.id} className="flex items-center gap-3 font-medium text-ink hover:text-primary">
          <Avatar name={client.name} />
          <ClampedText>{client.name}</ClampedText>
        </Link>
      ),
    },
    {
      id: 'email',
      header: t('columns.email'),
      sort: 'email',
      long: (client) => client.email,
      className: 'text-muted',
      cell: (client) => client.email,
    },
    {
      id: 'company',
      header: t('columns.company'),
      sort: 'company',
      long: (client) => client.company ?? '',
      className: 'text-muted',
      cell: (client) => client.company ?? '—',
    },
    {
      id: 'created',
      header: t('columns.created'),
      sort: 'createdAt',
      className: 'text-muted',
      cell: (client) => formatDate(client.createdAt, lang),
    },
    {
      id: 'portal',
      header: t('columns.portal'),
      long: (client) => client.portal.portalName,
      hideBelow: '3xl',
      className: 'text-muted',
      cell: (client) => client.portal.portalName,
    },
  ];
}

/** A client on a phone: avatar, name, e-mail, company and portal. */
export function ClientCard({ client }: { client: ClientListItem }) {
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
