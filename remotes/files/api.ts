import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/call';
import { api } from '../../shared/api/client';
import { fileKeys } from '../../shared/sections/files';

export type ProjectOption = { id: string; name: string };

/**
 * Every project of the provider, by name: the project filter and the upload target (the API pages by 100
 * at most: all pages are read). The file queries themselves are the kit's (`shared/files/dashboard-query`).
 */
export function useProjectOptions() {
  return useQuery({
    queryKey: fileKeys.projects,
    queryFn: async ({ signal }) => {
      const projects: ProjectOption[] = [];
      for (let page = 1; ; page++) {
        const data = await callApi(
          api.GET('/api/projects', {
            params: { query: { sort: 'name', order: 'asc', page, pageSize: 100 } },
            signal,
          }),
        );
        projects.push(...data.items.map(({ id, name }) => ({ id, name })));
        if (projects.length >= data.total || data.items.length === 0) return projects;
      }
    },
    staleTime: 60_000,
  });
}
