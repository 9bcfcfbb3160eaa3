import { useMemo } from 'react';
import { FILE_STATUSES, FileSortField, type FileStatus } from '../../shared/contracts/files';
import type { FileListParams } from '../../shared/files/dashboard-query';
import { oneOf, useListUrl } from '../../shared/ui/use-list-url';

export const PAGE_SIZE = 25;
export const SORT_FIELDS = FileSortField.options;
export type SortField = (typeof SORT_FIELDS)[number];
type Order = 'asc' | 'desc';
type Param = 'q' | 'project' | 'status' | 'by' | 'sort' | 'order';

/** The API's default order per field: newest and largest first, A→Z for the rest. */
export const defaultOrder = (field: SortField): Order =>
  field === 'updatedAt' || field === 'createdAt' || field === 'size' ? 'desc' : 'asc';

/**
 * The list's state in the URL (`?q=&project=&status=&by=&sort=&order=&page=`, `useListUrl`); unknown
 * values fall back to the defaults instead of failing the request.
 */
export function useListParams() {
  const { searchParams, page, update } = useListUrl<Param>();
  const q = searchParams.get('q') ?? '';
  const projectParam = searchParams.get('project') ?? '';
  const projectId = /^[0-9a-f-]{36}$/i.test(projectParam) ? projectParam : '';
  const status: FileStatus | '' = oneOf(searchParams.get('status'), FILE_STATUSES, '');
  const by: 'provider' | 'client' | '' = oneOf(searchParams.get('by'), ['provider', 'client'], '');
  const sort: SortField = oneOf(searchParams.get('sort'), SORT_FIELDS, 'updatedAt');
  const order: Order = oneOf(searchParams.get('order'), ['asc', 'desc'], defaultOrder(sort));

  const query = useMemo<FileListParams>(
    () => ({
      ...(q.trim() ? { search: q.trim() } : {}),
      ...(projectId ? { projectId } : {}),
      ...(status ? { status } : {}),
      ...(by ? { uploadedBy: by } : {}),
      sort,
      order,
      page,
      pageSize: PAGE_SIZE,
    }),
    [q, projectId, status, by, sort, order, page],
  );

  const filtered = Boolean(q.trim() || projectId || status || by);
  return { q, projectId, status, by, sort, order, page, query, filtered, update };
}
