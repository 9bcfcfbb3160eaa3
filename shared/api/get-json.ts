import { readResponse } from './call';
import type { paths } from './schema.gen';

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
 * language sent, failures thrown as ApiError (`readResponse`, the kit's unwrapper of a plain response).
 *
 * @example const overview = await getJson('/api/overview');
 */
export function getJson<P extends GetPath>(path: P): Promise<GetData<P>> {
  // A plain fetch on purpose: the typed client must not load with the dashboard's first screen (see above).
  const request = fetch(path, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Accept-Language': document.documentElement.lang || 'en' },
  });
  return readResponse<GetData<P>>(request);
}
