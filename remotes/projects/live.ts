import type { QueryClient } from '@tanstack/react-query';
import type { Project } from '../../shared/contracts/projects';
import { CLIENTS_KEY, OVERVIEW_KEY, projectKeys } from './keys';

/*
 * What a live event does to the projects section's cache (issue 19's realtime feed). Pure functions of the
 * host's QueryClient and the event's data, with no imports but keys and types: whoever holds the socket (the
 * host, or the section through a shared hook) calls them. An open page updates without a refresh; a page
 * that is not open refetches when it next mounts.
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
    queryClient.invalidateQueries({ queryKey: CLIENTS_KEY }),
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
    queryClient.invalidateQueries({ queryKey: CLIENTS_KEY }),
  ]).then(() => undefined);
}
