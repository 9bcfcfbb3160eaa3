import { networkError, toApiError } from '../../../../shared/api/error';
import { readSession } from '../../session/session-store';

/*
 * A file's bytes (previews, downloads) come only from the client's authorised endpoints, which want the
 * session's bearer token: an `<img src>` or a link cannot send it, so the shared file components read
 * them with `fetchBlob` (the kit's, `portal-files-kit.tsx`) and show or save them through object URLs
 * (`blob:`; the page's CSP sets no `img-src`, so they may be shown). The frame inside the widget has no
 * `sandbox`, so `<a download>` saves there too. Uploads send the same headers (`clientHeaders`).
 */

/** The headers of a call of the client's: its token (no cookies are sent) and the page's language. */
export function clientHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = readSession()?.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const lang = document.documentElement.lang;
  if (lang) headers['Accept-Language'] = lang;
  return headers;
}

/** The bytes at `path` with the client's token; an ApiError (translated message) when refused. */
export async function fetchBlob(path: string, network: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, {
      headers: clientHeaders(),
      credentials: 'omit',
      ...(signal ? { signal } : {}),
    });
  } catch (caught) {
    if (signal?.aborted) throw caught;
    throw networkError(network);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw toApiError(body, response, network);
  }
  return response.blob();
}
