import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readAllClients } from '../../shared/api/all-pages';
import { callApi } from '../../shared/api/call';
import { api } from '../../shared/api/client';
import type { paths } from '../../shared/api/schema.gen';
import type { Project as ProjectContract } from '../../shared/contracts/projects';
import { clientKeys } from '../../shared/sections/clients';
import { OVERVIEW_KEY } from '../../shared/sections/overview';
import { applyProjectChange, projectKeys } from '../../shared/sections/projects';
import { useCursorList } from '../../shared/ui/use-cursor-list';

/**
 * The projects section's data: TanStack Query over the typed client, on the host's QueryClient (a shared
 * singleton). Keys live in `keys.ts`.
 */
/** A list's filters and sort (the cursor is the list's own). */
export type ProjectListParams = Omit<
  NonNullable<paths['/api/projects']['get']['parameters']['query']>,
  'cursor'
>;
/** The contract's type: the generated one garbles the nullable budget (`Money & (Record<string, never> | null)`). */
export type Project = ProjectContract;
export type ProjectStatus = Project['status'];
export type ProjectInput = paths['/api/projects']['post']['requestBody']['content']['application/json'];
export type ProjectPatch = NonNullable<
  paths['/api/projects/{projectId}']['patch']['requestBody']
>['content']['application/json'];
export type ActivityItem =
  paths['/api/projects/{projectId}/activity']['get']['responses'][200]['content']['application/json']['items'][number];
export type ClientOption = { id: string; name: string };

export const PROJECT_STATUSES = ['planning', 'in_progress', 'on_hold', 'completed', 'cancelled'] as const;

/** The projects matching `params`, page by page ("Load more" follows the API's cursor). */
export function useProjectList(params: ProjectListParams) {
  return useCursorList({
    queryKey: projectKeys.list(params),
    fetchPage: (cursor, signal) =>
      callApi(
        api.GET('/api/projects', { params: { query: { ...params, ...(cursor ? { cursor } : {}) } }, signal }),
      ),
  });
}

export function useProject(projectId: string) {
  return useQuery({
    queryKey: projectKeys.detail(projectId),
    queryFn: ({ signal }): Promise<Project> =>
      callApi(api.GET('/api/projects/{projectId}', { params: { path: { projectId } }, signal })),
  });
}

/** Items per activity page; a shorter page is the last one. */
export const ACTIVITY_PAGE = 30;

/** A project's activity, newest first; older pages continue from the previous page's `nextCursor`. */
export function useProjectActivity(projectId: string) {
  return useInfiniteQuery({
    queryKey: projectKeys.activity(projectId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      callApi(
        api.GET('/api/projects/{projectId}/activity', {
          params: {
            path: { projectId },
            query: { limit: ACTIVITY_PAGE, ...(pageParam ? { cursor: pageParam } : {}) },
          },
          signal,
        }),
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Every client of the provider, by name (the API answers 100 a page at most: all pages are read). */
export function useClientOptions() {
  return useQuery({
    queryKey: projectKeys.clients,
    queryFn: async ({ signal }): Promise<ClientOption[]> =>
      (await readAllClients(signal)).map(({ id, name }) => ({ id, name })),
    staleTime: 60_000,
  });
}

/** The provider's currency (profile currency, else the language's default: the API decides). */
export function useProviderCurrency() {
  return useQuery({
    queryKey: projectKeys.currency,
    queryFn: ({ signal }) => callApi(api.GET('/api/overview', { signal })).then((data) => data.currency),
    staleTime: 60_000,
  });
}

/** After any change: the lists, the overview's "Active projects" and the clients' project lists. */
function refreshAround(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: OVERVIEW_KEY });
  void queryClient.invalidateQueries({ queryKey: clientKeys.all });
  return queryClient.invalidateQueries({ queryKey: projectKeys.lists });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectInput) => callApi(api.POST('/api/projects', { body })),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.detail(project.id), project);
      return refreshAround(queryClient);
    },
  });
}

export function useUpdateProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectPatch) =>
      callApi(api.PATCH('/api/projects/{projectId}', { params: { path: { projectId } }, body })),
    // The same as a live change of the project from elsewhere.
    onSuccess: (project) => applyProjectChange(queryClient, project),
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    // Its key tells the live feed that this page is deleting the project (see `applyProjectDeleted`).
    mutationKey: projectKeys.deletion,
    mutationFn: (projectId: string) =>
      callApi(api.DELETE('/api/projects/{projectId}', { params: { path: { projectId } } })),
    onSuccess: (_data, projectId) => {
      // Gone: its page leaves the cache unfetched (a refetch would only answer 404).
      queryClient.removeQueries({ queryKey: projectKeys.detail(projectId), exact: true });
      queryClient.removeQueries({ queryKey: projectKeys.activity(projectId), exact: true });
      return refreshAround(queryClient);
    },
  });
}
