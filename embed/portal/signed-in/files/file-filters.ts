import { FILE_STATUSES, type FileStatus } from '../../../../shared/contracts/files';
import { navigate, useLocationKey } from '../../navigation/history';
import type { FileFilter } from './files-data';

/** The Files page's filters, kept in its address (`?project=…&status=…`) so a link or a reload keeps them. */
export function parseFileFilter(search: string): FileFilter {
  const params = new URLSearchParams(search);
  const projectId = params.get('project') ?? undefined;
  const status = params.get('status') ?? undefined;
  return {
    projectId: projectId && /^[0-9a-f-]{36}$/i.test(projectId) ? projectId.toLowerCase() : undefined,
    status: (FILE_STATUSES as readonly string[]).includes(status ?? '') ? (status as FileStatus) : undefined,
  };
}

/** The address of the Files page under `filter`. */
export function fileFilterPath(base: string, filter: FileFilter): string {
  const params = new URLSearchParams();
  if (filter.projectId) params.set('project', filter.projectId);
  if (filter.status) params.set('status', filter.status);
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

/** The filters in the address, and a way to change them (no new history entry per change). */
export function useFileFilter(base: string): [FileFilter, (next: FileFilter) => void] {
  const location = useLocationKey();
  const search = location.includes('?') ? location.slice(location.indexOf('?')) : '';
  return [parseFileFilter(search), (next) => navigate(fileFilterPath(base, next), { replace: true })];
}
