import type { paths } from '../../shared/api/client';
import { networkFailure, toApiFailure } from './api-failure';

type GetPath = {
  [P in keyof paths]: paths[P] extends { get: { responses: { 200: unknown } } } ? P : never;
}[keyof paths];
type GetData<P extends GetPath> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer T } } } };
}
  ? T
  : never;

/**
 * A GET of the typed API with a plain `fetch`, for what the dashboard's first screen reads: the typed client
 * (openapi-fetch) then loads only with the first form or action, like `loadSession` does for the public
 * pages (first-load budget). Same contract: path and answer typed from the OpenAPI document, the interface
 * language sent, failures thrown as ApiFailure.
 *
 * @example const overview = await getJson('/api/overview');
 */
export async function getJson<P extends GetPath>(path: P): Promise<GetData<P>> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Accept-Language': document.documentElement.lang || 'en' },
    });
  } catch (cause) {
    throw networkFailure(cause);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiFailure(body, response);
  return body as GetData<P>;
}
