import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../shared/router';
import { PROJECT_STATUSES, type ProjectListParams, type ProjectStatus } from './api';

export const PAGE_SIZE = 50;
export const SORT_FIELDS = ['updatedAt', 'name', 'status', 'startDate', 'endDate', 'createdAt'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
type Order = 'asc' | 'desc';
type Param = 'q' | 'status' | 'client' | 'sort' | 'order' | 'page';

/** The API's default order per field: newest first for times, A→Z for the rest. */
export const defaultOrder = (field: SortField): Order =>
  field === 'updatedAt' || field === 'createdAt' ? 'desc' : 'asc';

/**
 * The list's state lives in the URL (`?q=&status=&client=&sort=&order=&page=`), so a filtered list can be
 * shared, reloaded and gone back to. Unknown values fall back to the defaults instead of failing the request.
 */
export function useListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const statusParam = searchParams.get('status');
  const status = PROJECT_STATUSES.includes(statusParam as ProjectStatus)
    ? (statusParam as ProjectStatus)
    : '';
  const clientId = searchParams.get('client') ?? '';
  const sortParam = searchParams.get('sort');
  const sort: SortField = SORT_FIELDS.includes(sortParam as SortField)
    ? (sortParam as SortField)
    : 'updatedAt';
  const orderParam = searchParams.get('order');
  const order: Order = orderParam === 'asc' || orderParam === 'desc' ? orderParam : defaultOrder(sort);
  const pageNumber = Number(searchParams.get('page'));
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 10_000 ? pageNumber : 1;

  /** Sets some parameters (empty → removed); any change but the page itself goes back to page 1. */
  const update = useCallback(
    (changes: Partial<Record<Param, string>>, replace = false) => {
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

  const query = useMemo<ProjectListParams>(
    () => ({
      ...(q.trim() ? { search: q.trim() } : {}),
      ...(status ? { status } : {}),
      ...(/^[0-9a-f-]{36}$/i.test(clientId) ? { clientId } : {}),
      sort,
      order,
      page,
      pageSize: PAGE_SIZE,
    }),
    [q, status, clientId, sort, order, page],
  );

  const filtered = Boolean(q.trim() || status || clientId);
  return { q, status, clientId, sort, order, page, query, filtered, update };
}
