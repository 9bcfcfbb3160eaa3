import { useMemo } from 'react';
import { oneOf, useListUrl } from '../../shared/ui/use-list-url';
import type { ClientListParams } from './api';

export const PAGE_SIZE = 50;
export const SORT_FIELDS = ['name', 'email', 'company', 'createdAt'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

/**
 * The list's state lives in the URL (`?q=&sort=&order=&page=&portal=`, `useListUrl`). Unknown values fall
 * back to the API's defaults instead of failing the request.
 */
export function useListParams() {
  const { searchParams, page, update } = useListUrl<'q' | 'sort' | 'order' | 'portal'>();
  const q = searchParams.get('q') ?? '';
  const sort: SortField = oneOf(searchParams.get('sort'), SORT_FIELDS, 'name');
  const order = oneOf(searchParams.get('order'), ['desc'], 'asc');
  const portalId = searchParams.get('portal') ?? '';

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
