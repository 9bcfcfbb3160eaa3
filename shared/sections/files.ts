import type { QueryClient } from '@tanstack/react-query';
import type { ActivityType } from '../contracts/activity';
import { isActivityOf } from '../remotes';
import { activityOf, type SectionLive } from './section-live';

/**
 * The dashboard's TanStack Query keys for files, under `['files', …]`: the files section and the project
 * page's Files tab read the same cache (and the realtime feed updates it through these keys).
 * No runtime imports but the registry, so the host's live wiring may import it.
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
    queryClient.invalidateQueries({ queryKey: fileKeys.detail(fileId), exact: true }),
  ]).then(() => undefined);
}

/** Activity types that concern files (the files record's `activity` in `shared/remotes.ts`). */
export const isFileActivity = (type: ActivityType): boolean => isActivityOf('files', type);

/** The files section's part of the dashboard's live feed: a file uploaded or decided (either side). */
export const filesLive: SectionLive = {
  root: ['files'],
  apply(client, event) {
    const activity = activityOf(event);
    if (activity && isFileActivity(activity.item.type))
      void applyFileActivity(client, activity.item.file?.id);
  },
};
