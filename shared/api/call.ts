import { ApiError, networkError, toApiError } from './error';

/** What an openapi-fetch call resolves with. */
export type ApiResult<T> = { data?: T; error?: unknown; response: Response };

/**
 * THE unwrapper of the typed client (`api` of `./client`, the portal's `./bearer-client`): the data, or a
 * thrown ApiError (status, code, translated message, field errors, Retry-After). `fallbackMessage` is the
 * message when the server was not reached or sent no error body (the portal shows `message` as it is).
 * Takes the call itself or a function making it (a function also turns a synchronous throw into an ApiError).
 * @example const overview = await callApi(api.GET('/api/overview'));
 */
export async function callApi<T>(
  request: Promise<ApiResult<T>> | (() => Promise<ApiResult<T>>),
  fallbackMessage?: string,
): Promise<T> {
  let result: ApiResult<T>;
  try {
    result = await (typeof request === 'function' ? request() : request);
  } catch (cause) {
    throw cause instanceof ApiError ? cause : networkError(fallbackMessage);
  }
  if (result.error !== undefined || !result.response.ok)
    throw toApiError(result.error, result.response, fallbackMessage);
  return result.data as T;
}

/**
 * The same for a plain `fetch` response, for the few reads that run before the typed client may load (the
 * dashboard's first screen, the portal's start-up prefetch): the parsed JSON body, or a thrown ApiError.
 */
export async function readResponse<T>(request: Promise<Response>, fallbackMessage?: string): Promise<T> {
  let response: Response;
  try {
    response = await request;
  } catch {
    throw networkError(fallbackMessage);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok || body === undefined) throw toApiError(body, response, fallbackMessage);
  return body as T;
}
