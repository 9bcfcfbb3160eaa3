import { useQuery } from '@tanstack/react-query';
import { readAllProjects } from '../../shared/api/all-pages';
import { fileKeys } from '../../shared/sections/files';

export type ProjectOption = { id: string; name: string };

/**
 * Every project of the provider, by name: the project filter and the upload target (the API answers 100
 * a page at most: all pages are read). The file queries themselves are the kit's
 * (`shared/files/dashboard-query`).
 */
export function useProjectOptions() {
  return useQuery({
    queryKey: fileKeys.projects,
    queryFn: async ({ signal }): Promise<ProjectOption[]> =>
      (await readAllProjects(signal)).map(({ id, name }) => ({ id, name })),
    staleTime: 60_000,
  });
}
