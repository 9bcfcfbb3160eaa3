import { useMemo } from 'react';
import type { InvoiceStatus } from '../../shared/contracts/invoices';
import { oneOf, useListUrl } from '../../shared/ui/use-list-url';
import type { InvoiceListFilter } from './api';
import { STATUSES } from './status-badge';

type Param = 'q' | 'status' | 'client' | 'project';

const uuidOrEmpty = (value: string | null) => (value && /^[0-9a-f-]{36}$/i.test(value) ? value : '');

/**
 * The list's filters in the URL (`?q=&status=&client=&project=`, `useListUrl`), so a filtered list can be
 * shared and gone back to; unknown values fall back to "all" instead of failing the request. Paging is by
 * the API's cursor ("Load more"), not in the URL.
 */
export function useListParams() {
  const { searchParams, update } = useListUrl<Param>();
  const q = searchParams.get('q') ?? '';
  const status: InvoiceStatus | '' = oneOf(searchParams.get('status'), STATUSES, '');
  const clientId = uuidOrEmpty(searchParams.get('client'));
  const projectId = uuidOrEmpty(searchParams.get('project'));

  const filter = useMemo<InvoiceListFilter>(
    () => ({
      ...(status ? { status } : {}),
      ...(clientId ? { clientId } : {}),
      ...(projectId ? { projectId } : {}),
      ...(q.trim() ? { q: q.trim() } : {}),
    }),
    [status, clientId, projectId, q],
  );

  const filtered = Boolean(q.trim() || status || clientId || projectId);
  return { q, status, clientId, projectId, filter, filtered, update };
}
