import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../shared/router';
import type { ClientListParams } from './api';

export const PAGE_SIZE = 50;
export const SORT_FIELDS = ['name', 'email', 'company', 'createdAt'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
type Order = 'asc' | 'desc';

/**
 * The list's state lives in the URL (`?q=&sort=&order=&page=&portal=`), so a search can be shared, reloaded
 * and gone back to. Unknown values fall back to the API's defaults instead of failing the request.
 */
export function useListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const sortParam = searchParams.get('sort');
  const sort: SortField = SORT_FIELDS.includes(sortParam as SortField) ? (sortParam as SortField) : 'name';
  const order: Order = searchParams.get('order') === 'desc' ? 'desc' : 'asc';
  const pageNumber = Number(searchParams.get('page'));
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 10_000 ? pageNumber : 1;
  const portalId = searchParams.get('portal') ?? '';

  /** Sets some parameters (empty → removed); any change but the page itself goes back to page 1. */
  const update = useCallback(
    (changes: Partial<Record<'q' | 'sort' | 'order' | 'page' | 'portal', string>>, replace = false) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace },
      );
    },
    [setSearchParams],
  );

  const query = useMemo<ClientListParams>(
    () => ({
      ...(q.trim() ? { search: q.trim() } : {}),
      sort,
      order,
      page,
      pageSize: PAGE_SIZE,
      ...(portalId ? { portalId } : {}),
    }),
    [q, sort, order, page, portalId],
  );

  return { q, sort, order, page, portalId, query, update };
}
