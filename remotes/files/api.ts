import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/call';
import { api } from '../../shared/api/client';
import { fileKeys } from '../../shared/files/query-keys';
import { readAllPages } from '../../shared/ui/use-cursor-list';

export type ProjectOption = { id: string; name: string };

/**
 * Every project of the provider, by name: the project filter and the upload target (the API answers 100
 * a page at most: all pages are read). The file queries themselves are the kit's
 * (`shared/files/dashboard-query`).
 */
export function useProjectOptions() {
  return useQuery({
    queryKey: fileKeys.projects,
    queryFn: async ({ signal }): Promise<ProjectOption[]> => {
      const projects = await readAllPages((cursor) =>
        callApi(
          api.GET('/api/projects', {
            params: { query: { sort: 'name', order: 'asc', limit: 100, ...(cursor ? { cursor } : {}) } },
            signal,
          }),
        ),
      );
      return projects.map(({ id, name }) => ({ id, name }));
    },
    staleTime: 60_000,
  });
}
