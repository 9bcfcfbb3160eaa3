import { ArrowDownWideNarrow, ArrowUpNarrowWide, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../shared/ui/button';
import { Input } from '../../shared/ui/input';
import { type ClientOption, PROJECT_STATUSES } from './api';
import { useProjectTexts } from './i18n';
import { SORT_FIELDS, type useListParams } from './use-list-params';

const SEARCH_DEBOUNCE_MS = 250;

const selectClass =
  'h-10 w-full min-w-0 appearance-none rounded-lg border border-line bg-canvas px-3 text-base text-ink shadow-xs hover:border-slate-300 focus-visible:border-primary focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/20 sm:w-auto sm:text-sm';

/** Search (debounced into `?q=`), status and client filters and the sort of the list. */
export function ListToolbar({
  params,
  clients,
}: {
  params: ReturnType<typeof useListParams>;
  clients: ClientOption[];
}) {
  const { t } = useProjectTexts();
  const id = useId();
  const [draft, setDraft] = useState(params.q);
  const { q, update } = params;
  const typed = useRef(false);

  // The URL wins when it changes from elsewhere (back button, "clear filters").
  useEffect(() => {
    if (!typed.current) setDraft(q);
  }, [q]);

  useEffect(() => {
    if (!typed.current) return;
    const timer = window.setTimeout(() => {
      typed.current = false;
      if (draft !== q) update({ q: draft }, true);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, q, update]);

  const OrderIcon = params.order === 'asc' ? ArrowUpNarrowWide : ArrowDownWideNarrow;
  return (
    <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-center">
      <div className="relative min-w-0 sm:flex-1 sm:basis-64">
        <label htmlFor={`${id}-q`} className="sr-only">
          {t('search.label')}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle"
        />
        <Input
          id={`${id}-q`}
          type="search"
          value={draft}
          placeholder={t('search.placeholder')}
          className="pl-9"
          onChange={(event) => {
            typed.current = true;
            setDraft(event.target.value);
          }}
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <label htmlFor={`${id}-status`} className="sr-only">
          {t('filter.status')}
        </label>
        <select
          id={`${id}-status`}
          value={params.status}
          onChange={(event) => update({ status: event.target.value })}
          className={selectClass}
        >
          <option value="">{t('filter.allStatuses')}</option>
          {PROJECT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-client`} className="sr-only">
          {t('filter.client')}
        </label>
        <select
          id={`${id}-client`}
          value={params.clientId}
          onChange={(event) => update({ client: event.target.value })}
          className={selectClass}
        >
          <option value="">{t('filter.allClients')}</option>
          {clients.map((client) => (
            <option key={client.id} value={client.id}>
              {client.name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-sort`} className="shrink-0 text-sm text-muted max-sm:sr-only">
          {t('sort.label')}
        </label>
        <select
          id={`${id}-sort`}
          value={params.sort}
          onChange={(event) => update({ sort: event.target.value, order: '' })}
          className={`${selectClass} max-sm:flex-1`}
        >
          {SORT_FIELDS.map((field) => (
            <option key={field} value={field}>
              {t(`sort.${field}`)}
            </option>
          ))}
        </select>
        <Button
          variant="secondary"
          aria-label={`${t('sort.order')}: ${t(`sort.${params.order}`)}`}
          title={t(`sort.${params.order}`)}
          onClick={() => update({ order: params.order === 'asc' ? 'desc' : 'asc' })}
        >
          <OrderIcon aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </div>
  );
}
