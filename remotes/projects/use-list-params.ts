import { useMemo } from 'react';
import { oneOf, useListUrl } from '../../shared/ui/use-list-url';
import { PROJECT_STATUSES, type ProjectListParams, type ProjectStatus } from './api';

export const PAGE_SIZE = 50;
export const SORT_FIELDS = ['updatedAt', 'name', 'status', 'startDate', 'endDate', 'createdAt'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
type Order = 'asc' | 'desc';
type Param = 'q' | 'status' | 'client' | 'sort' | 'order';

/** The API's default order per field: newest first for times, A→Z for the rest. */
export const defaultOrder = (field: SortField): Order =>
  field === 'updatedAt' || field === 'createdAt' ? 'desc' : 'asc';

/**
 * The list's state lives in the URL (`?q=&status=&client=&sort=&order=&page=`, `useListUrl`). Unknown values
 * fall back to the defaults instead of failing the request.
 */
export function useListParams() {
  const { searchParams, page, update } = useListUrl<Param>();
  const q = searchParams.get('q') ?? '';
  const status: ProjectStatus | '' = oneOf(searchParams.get('status'), PROJECT_STATUSES, '');
  const clientId = searchParams.get('client') ?? '';
  const sort: SortField = oneOf(searchParams.get('sort'), SORT_FIELDS, 'updatedAt');
  const order: Order = oneOf(searchParams.get('order'), ['asc', 'desc'], defaultOrder(sort));

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
