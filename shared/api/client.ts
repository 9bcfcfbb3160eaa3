import createClient, { type Middleware } from 'openapi-fetch';
import type { ErrorBody } from '../contracts/common';
import type { paths } from './schema.gen';

/**
 * Sends the interface language so the API answers errors (and e-mails it sends) in it.
 * The page's `<html lang>` is kept in sync by i18n.
 */
const language: Middleware = {
  onRequest({ request }) {
    const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
    if (lang && !request.headers.has('Accept-Language')) request.headers.set('Accept-Language', lang);
    return request;
  },
};

/**
 * The typed API client every frontend uses: paths, bodies and responses come from the OpenAPI document.
 * @example const { data, error } = await api.GET('/api/auth/session')
 */
export const api = createClient<paths>({ baseUrl: '', credentials: 'same-origin' });
api.use(language);

/** The uniform error body, when a response carries one. */
export function apiError(error: unknown): ErrorBody['error'] | undefined {
  if (error && typeof error === 'object' && 'error' in error) return (error as ErrorBody).error;
  return undefined;
}

export type { paths };
