import type { Client, Middleware } from 'openapi-fetch';
import type { paths } from '../../../shared/api/schema.gen';
import type { ErrorBody } from '../../../shared/contracts/common';
import { readSession } from '../session/session-store';

/**
 * The portal's typed API client (openapi-fetch over the generated OpenAPI types, like
 * `shared/api/client.ts`), with two differences: no cookies are sent (`credentials: 'omit'`: the portal
 * authenticates only with its bearer session, never with a provider's cookie), and the stored portal
 * session's token goes into `Authorization`. It loads with the first call, so no first screen carries it.
 */
export type PortalApi = Client<paths>;

const auth: Middleware = {
  onRequest({ request }) {
    const lang = document.documentElement.lang;
    if (lang && !request.headers.has('Accept-Language')) request.headers.set('Accept-Language', lang);
    const session = readSession();
    if (session && !request.headers.has('Authorization')) {
      request.headers.set('Authorization', `Bearer ${session.token}`);
    }
    return request;
  },
};

let client: Promise<PortalApi> | undefined;

function portalApi(): Promise<PortalApi> {
  client ??= import('openapi-fetch').then(({ default: createClient }) => {
    const api = createClient<paths>({ baseUrl: '', credentials: 'omit' });
    api.use(auth);
    return api;
  });
  client.catch(() => {
    client = undefined;
  });
  return client;
}

/** Starts loading the client ahead of a call that is about to come (the embedded frame's sign-in). */
export function preloadPortalApi(): void {
  void portalApi().catch(() => {});
}

/** A failed call: the API's error (code, translated message, fields) or `network` when it was not reached. */
export class PortalApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: { path: string; key: string; message: string }[] = [],
  ) {
    super(message);
  }
}

/**
 * Calls the API through the typed client and unwraps the result: the data, or a thrown `PortalApiError`
 * with the server's translated message (or `networkMessage` when the server was not reached).
 * @example const dashboard = await call((api) => api.GET('/api/portal/{portalId}/dashboard', …), t('errors.network'))
 */
export async function call<T>(
  request: (api: PortalApi) => Promise<{ data?: T; error?: unknown; response: Response }>,
  networkMessage: string,
): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await request(await portalApi());
  } catch {
    throw new PortalApiError(0, 'network', networkMessage);
  }
  if (result.response.ok && result.data !== undefined) return result.data;
  const error = (result.error as ErrorBody | undefined)?.error;
  throw new PortalApiError(
    result.response.status,
    error?.code ?? 'internal_error',
    error?.message ?? networkMessage,
    error?.fields ?? [],
  );
}

/**
 * Reads a raw response the way `call` reads the client's result (for the start-up prefetch, which runs
 * before the client is loaded).
 */
export async function readResponse<T>(request: Promise<Response>, networkMessage: string): Promise<T> {
  let response: Response;
  try {
    response = await request;
  } catch {
    throw new PortalApiError(0, 'network', networkMessage);
  }
  const body = (await response.json().catch(() => undefined)) as unknown;
  if (response.ok && body !== undefined) return body as T;
  const error = (body as ErrorBody | undefined)?.error;
  throw new PortalApiError(
    response.status,
    error?.code ?? 'internal_error',
    error?.message ?? networkMessage,
    error?.fields ?? [],
  );
}
