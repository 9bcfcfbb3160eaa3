import type { QueryClient } from '@tanstack/react-query';

/**
 * The dashboard's TanStack Query keys for files, under `['files', …]`: the files section and the project
 * page's Files tab read the same cache (and the realtime feed updates it through these keys).
 * No runtime imports, so the host's live wiring may import it.
 */
export const fileKeys = {
  all: ['files'] as const,
  /** Every list (the section's pages and each project's tab), whatever the filters. */
  lists: ['files', 'list'] as const,
  list: (query: object) => ['files', 'list', query] as const,
  /** One file (`GET /api/files/{id}`: versions, history, pins). */
  detail: (fileId: string) => ['files', 'detail', fileId] as const,
  /** The provider's projects (the filter and the upload target). */
  projects: ['files', 'projects'] as const,
};

/**
 * A live file event (an activity row of type `file_upload` or `file_approval`, from either side): the
 * lists refetch (statuses, counts, new files) and so does the file's page, if it is cached. An event that
 * does not name its file (`item.file` is optional) refreshes every file page in the cache.
 */
export function applyFileActivity(queryClient: QueryClient, fileId: string | undefined): Promise<void> {
  if (!fileId) return queryClient.invalidateQueries({ queryKey: fileKeys.all });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: fileKeys.lists }),
    fileId ? queryClient.invalidateQueries({ queryKey: fileKeys.detail(fileId), exact: true }) : undefined,
  ]).then(() => undefined);
}

/** Activity types that concern files (spec §3). */
export const isFileActivity = (type: string): boolean => type === 'file_upload' || type === 'file_approval';
