import type { ProjectListParams } from './api';

/**
 * Every TanStack Query key of the projects section, in one place. Realtime events (issue 19) feed the
 * host's QueryClient through these keys, e.g. on a project change:
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
  list: (params: ProjectListParams) => ['projects', 'list', params] as const,
  /** One project (`GET /api/projects/{id}`): the project page's overview. */
  detail: (projectId: string) => ['projects', 'detail', projectId] as const,
  /** A project's activity feed, newest first, paged by `seq` (an infinite query). */
  activity: (projectId: string) => ['projects', 'activity', projectId] as const,
  /** Every client of the provider (the filter and the form's picker). */
  clients: ['projects', 'clients'] as const,
  /** The provider's currency (the budget field). */
  currency: ['projects', 'currency'] as const,
};

/**
 * The host overview's totals (`host/dashboard/dashboard-keys.ts`, `['overview']`): a project change moves its
 * "Active projects" figure. Spelled out here because a remote never imports host code.
 */
export const OVERVIEW_KEY = ['overview'] as const;

/** The clients section's keys start with 'clients': a client detail lists its projects. */
export const CLIENTS_KEY = ['clients'] as const;
