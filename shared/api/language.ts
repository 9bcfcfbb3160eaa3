import type { Middleware } from 'openapi-fetch';

/**
 * Sends the interface language so the API answers errors (and e-mails it sends) in it. The page's
 * `<html lang>` is kept in sync by i18n. Used by both typed clients.
 */
export const languageMiddleware: Middleware = {
  onRequest({ request }) {
    const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
    if (lang && !request.headers.has('Accept-Language')) request.headers.set('Accept-Language', lang);
    return request;
  },
};
