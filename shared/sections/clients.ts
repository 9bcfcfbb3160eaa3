/**
 * The clients section's TanStack Query keys, under `['clients', …]`. Here rather than in
 * `remotes/clients/` because another section's changes reach them (a client's page lists its projects:
 * `shared/sections/projects.ts` refreshes `clientKeys.all` when a project changes).
 */
export const clientKeys = {
  all: ['clients'] as const,
  lists: ['clients', 'list'] as const,
  list: (params: object) => ['clients', 'list', params] as const,
  detail: (id: string) => ['clients', 'detail', id] as const,
  portals: ['clients', 'portals'] as const,
};
