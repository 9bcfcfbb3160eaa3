import type { QueryClient } from '@tanstack/react-query';
import type { Project } from '../contracts/projects';
import { clientKeys } from './clients';
import { OVERVIEW_KEY } from './overview';
import { activityOf, type SectionLive } from './section-live';

/**
 * Every TanStack Query key of the projects section (`remotes/projects`), in one place. Realtime events
 * (issue 19) feed the host's QueryClient through these keys, e.g. on a project change:
 *
 * @example
 * queryClient.setQueryData(projectKeys.detail(project.id), project); // the page updates at once
 * queryClient.invalidateQueries({ queryKey: projectKeys.lists });     // lists re-sort / re-filter
 * queryClient.invalidateQueries({ queryKey: projectKeys.activity(projectId) }); // a new activity row
 *
 * `projectKeys.all` is a prefix of every key below, so invalidating it refreshes the whole section.
 */
export const projectKeys = {
  all: ['projects'] as const,
  /** The delete mutation's key (its variables: the project id). */
  deletion: ['projects', 'delete'] as const,
  /** Every list page, whatever its filters (prefix of `list`). */
  lists: ['projects', 'list'] as const,
  list: (params: object) => ['projects', 'list', params] as const,
  /** One project (`GET /api/projects/{id}`): the project page's overview. */
  detail: (projectId: string) => ['projects', 'detail', projectId] as const,
  /** A project's activity feed, newest first, paged by `seq` (an infinite query). */
  activity: (projectId: string) => ['projects', 'activity', projectId] as const,
  /** Every client of the provider (the filter and the form's picker). */
  clients: ['projects', 'clients'] as const,
  /** The provider's currency (the budget field). */
  currency: ['projects', 'currency'] as const,
};

/*
 * What a live event does to the projects section's cache (issue 19's realtime feed). Pure functions of the
 * host's QueryClient and the event's data, with no imports but keys and types: the host's socket calls
 * them through `projectsLive`, the section's own mutations reuse them. An open page updates without a
 * refresh; a page that is not open refetches when it next mounts.
 */

/**
 * A project changed (a `project_*` activity row carries the project as the provider sees it): the project
 * page shows it at once; lists (order, filters), its activity, the overview's "Active projects" and the
 * client's project list refetch.
 */
export function applyProjectChange(queryClient: QueryClient, project: Project): Promise<void> {
  queryClient.setQueryData(projectKeys.detail(project.id), project);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: projectKeys.lists }),
    queryClient.invalidateQueries({ queryKey: projectKeys.activity(project.id) }),
    queryClient.invalidateQueries({ queryKey: OVERVIEW_KEY }),
    queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  ]).then(() => undefined);
}

/**
 * Any other activity row of a project (a message, a file, an invoice): its feed refetches, and the lists
 * and the project page refetch for its unread count.
 */
export function applyProjectActivity(queryClient: QueryClient, projectId: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: projectKeys.activity(projectId) }),
    queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
    queryClient.invalidateQueries({ queryKey: projectKeys.lists }),
  ]).then(() => undefined);
}

/**
 * A project was deleted (elsewhere: another tab, another device): its feed leaves the cache; its detail is
 * invalidated (unless this page is deleting it), so an open project page refetches and says "does not exist or was deleted" (a closed one
 * only marks it stale); the lists and totals refetch.
 */
export function applyProjectDeleted(queryClient: QueryClient, projectId: string): Promise<void> {
  queryClient.removeQueries({ queryKey: projectKeys.activity(projectId), exact: true });
  // Deleted from this page: the event can come before the answer; the page leaves on its own.
  const deletingHere =
    queryClient.isMutating({
      mutationKey: projectKeys.deletion,
      predicate: (mutation) => mutation.state.variables === projectId,
    }) > 0;
  return Promise.all([
    deletingHere
      ? undefined
      : queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId), exact: true }),
    queryClient.invalidateQueries({ queryKey: projectKeys.lists }),
    queryClient.invalidateQueries({ queryKey: OVERVIEW_KEY }),
    queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  ]).then(() => undefined);
}

/**
 * The projects section's part of the dashboard's live feed: a deleted project, a changed one (the provider's
 * socket carries the provider's view, `Project` with its internal fields), or any other row of a project
 * (its unread count and feed).
 */
export const projectsLive: SectionLive = {
  root: ['projects'],
  apply(client, event) {
    const activity = activityOf(event);
    if (!activity) {
      if (event.type === 'project_deleted') void applyProjectDeleted(client, event.projectId);
      return;
    }
    const { item, project } = activity;
    if (project && 'internalNotes' in project) void applyProjectChange(client, project);
    else if (item.project) void applyProjectActivity(client, item.project.id);
  },
};
