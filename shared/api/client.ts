import createClient from 'openapi-fetch';
import { languageMiddleware } from './language';
import type { paths } from './schema.gen';

/**
 * The typed API client of the dashboard and its remotes (same-origin cookie session): paths, bodies and
 * responses come from the OpenAPI document. Unwrap its results with `callApi` (`./call`); the portal uses
 * the bearer-token variant (`./bearer-client`).
 * @example const { data, error } = await api.GET('/api/auth/session')
 */
export const api = createClient<paths>({ baseUrl: '', credentials: 'same-origin' });
api.use(languageMiddleware);

export type { paths };
