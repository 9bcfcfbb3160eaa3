import { readAllPages } from '../ui/use-cursor-list';
import { callApi } from './call';
import { api } from './client';

/*
 * Every client or project of the provider, by name, page after page by the lists' cursor (the API answers
 * 100 a page at most): what the sections' pickers and filters offer. Each section keeps them under its
 * own query key.
 */

export function readAllClients(signal: AbortSignal) {
  return readAllPages((cursor) =>
    callApi(
      api.GET('/api/clients', {
        params: { query: { sort: 'name', order: 'asc', limit: 100, ...(cursor ? { cursor } : {}) } },
        signal,
      }),
    ),
  );
}

/** Every project, or one client's (`clientId`). */
export function readAllProjects(signal: AbortSignal, clientId?: string) {
  return readAllPages((cursor) =>
    callApi(
      api.GET('/api/projects', {
        params: {
          query: {
            sort: 'name',
            order: 'asc',
            limit: 100,
            ...(clientId ? { clientId } : {}),
            ...(cursor ? { cursor } : {}),
          },
        },
        signal,
      }),
    ),
  );
}
