import type { ReactNode } from 'react';
import type { ToolbarFilter } from '../../shared/ui/list-toolbar';
import { useListParams } from '../../shared/ui/use-list-url';
import { useClientOptions } from './api';
import { useInvoiceTexts } from './i18n';

/*
 * What the quotes' and the recurring invoices' lists share (issue 26), around the kit's `ListPage`: the
 * URL state with a client filter and status filter, the API query made of it, the toolbar's two filters,
 * and the phone card's frame.
 */

type T = (key: string) => string;

/** The toolbar's client filter (`?client=`). */
export const clientFilter = (
  t: T,
  clients: readonly { id: string; name: string }[] | undefined,
): ToolbarFilter => ({
  key: 'client',
  label: t('filter.client'),
  allLabel: t('filter.allClients'),
  options: (clients ?? []).map((option) => ({ value: option.id, label: option.name })),
});

/**
 * A list filtered by client and status (`?client=&status=&q=`): the URL state, the clients, the API's
 * query and the toolbar's filters (`statusText` names a status, `allStatuses` is the status filter's "all").
 */
export function useClientStatusList<const S extends string>(
  statuses: readonly S[],
  statusText: (status: S) => string,
) {
  const { t } = useInvoiceTexts();
  const params = useListParams({ filters: { status: statuses, client: 'uuid' } });
  const { status, client } = params.filters;
  const clients = useClientOptions();
  const query = {
    ...(status ? { status: status as S } : {}),
    ...(client ? { clientId: client } : {}),
    ...(params.search ? { q: params.search } : {}),
  };
  const filters: ToolbarFilter[] = [
    clientFilter(t, clients.data),
    {
      key: 'status',
      label: t('filter.status'),
      allLabel: t('quotes.allStatuses'),
      options: statuses.map((value) => ({ value, label: statusText(value) })),
    },
  ];
  return { params, clients, client, query, filters };
}

/** A row as a phone card: its title and subtitle beside the amount, the facts under them, then `children`. */
export function ListCard({
  title,
  subtitle,
  amount,
  facts,
  children,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  amount: string;
  facts: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="grid gap-2 rounded-2xl border border-line p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-0.5">
          {title}
          {subtitle ? <p className="truncate text-sm text-muted">{subtitle}</p> : null}
        </div>
        <span className="font-semibold whitespace-nowrap tabular-nums">{amount}</span>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">{facts}</div>
      {children}
    </div>
  );
}
