import { ArrowDownWideNarrow, ArrowUpNarrowWide, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../shared/ui/button';
import { Input } from '../../shared/ui/input';
import type { PortalSummary } from './api';
import { useClientTexts } from './i18n';
import { SORT_FIELDS, type useListParams } from './use-list-params';

const SEARCH_DEBOUNCE_MS = 250;

const selectClass =
  'h-10 appearance-none rounded-lg border border-line bg-canvas px-3 text-base text-ink shadow-xs hover:border-slate-300 focus-visible:border-primary focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/20 sm:text-sm';

/** Search (debounced into `?q=`), portal filter and sort controls of the list. */
export function ListToolbar({
  params,
  portals,
}: {
  params: ReturnType<typeof useListParams>;
  portals: PortalSummary[];
}) {
  const { t } = useClientTexts();
  const id = useId();
  const [draft, setDraft] = useState(params.q);
  const { q, update } = params;
  const typed = useRef(false);

  // The URL wins when it changes from elsewhere (back button, "clear search").
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
    <div className="flex flex-wrap items-center gap-3">
      <div className="relative min-w-0 flex-1 basis-64">
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
      {portals.length > 1 ? (
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-portal`} className="sr-only">
            {t('filter.portal')}
          </label>
          <select
            id={`${id}-portal`}
            value={params.portalId}
            onChange={(event) => update({ portal: event.target.value })}
            className={selectClass}
          >
            <option value="">{t('filter.allPortals')}</option>
            {portals.map((portal) => (
              <option key={portal.id} value={portal.id}>
                {portal.portalName}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-sort`} className="text-sm text-muted max-sm:sr-only">
          {t('sort.label')}
        </label>
        <select
          id={`${id}-sort`}
          value={params.sort}
          onChange={(event) => update({ sort: event.target.value })}
          className={selectClass}
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
