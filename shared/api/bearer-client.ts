import type { Client, Middleware } from 'openapi-fetch';
import { languageMiddleware } from './language';
import type { paths } from './schema.gen';

/** The typed client (same paths, bodies and answers as `./client`'s `api`). */
export type ApiClient = Client<paths>;

/**
 * The bearer-token variant of the typed client, for the client portal: no cookies are sent
 * (`credentials: 'omit'`: a portal authenticates only with its bearer session, never with a provider's
 * cookie on the same origin) and `token()` (the stored session's, read per request) goes into
 * `Authorization`. openapi-fetch loads with the first call, so no first screen carries it; a failed load is
 * tried again by the next call.
 * @example const portalApi = createBearerClient(() => readSession()?.token);
 *          const data = await callApi((await portalApi()).GET('/api/portal/{portalId}/dashboard', …));
 */
export function createBearerClient(
  token: () => string | undefined,
  /** The API's origin: the page's own (`''`) in the portal, an absolute one outside a page (tests). */
  baseUrl = '',
): () => Promise<ApiClient> {
  const bearer: Middleware = {
    onRequest({ request }) {
      const value = token();
      if (value && !request.headers.has('Authorization'))
        request.headers.set('Authorization', `Bearer ${value}`);
      return request;
    },
  };
  let client: Promise<ApiClient> | undefined;
  return () => {
    client ??= import('openapi-fetch').then(({ default: createClient }) => {
      const api = createClient<paths>({ baseUrl, credentials: 'omit' });
      api.use(languageMiddleware, bearer);
      return api;
    });
    client.catch(() => {
      client = undefined;
    });
    return client;
  };
}
