import { useEffect, useState } from 'react';
import { ApiError, networkError, toApiError } from '../../../../shared/api/error';
import { readSession } from '../../session/session-store';

/*
 * A file's bytes (previews, downloads) come only from the client's authorised endpoints, which want the
 * session's bearer token: an `<img src>` or a link cannot send it, so the bytes are fetched and shown or
 * saved through object URLs (`blob:`; the page's CSP sets no `img-src`, so they may be shown). The frame
 * inside the widget has no `sandbox`, so `<a download>` saves there too.
 */

export type FileAsset = 'download' | 'thumbnail' | 'annotated' | 'approval-record' | `pages/${number}`;

/** The API path of one of a version's assets. */
export function fileAssetPath(
  portalId: string,
  fileId: string,
  versionId: string,
  asset: FileAsset,
): string {
  return `/api/portal/${portalId}/files/${fileId}/versions/${versionId}/${asset}`;
}

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
    response = await fetch(path, { headers: clientHeaders(), credentials: 'omit', ...(signal ? { signal } : {}) });
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

/** Object URLs of previews already loaded (a version's previews never change), the oldest dropped first. */
const previews = new Map<string, string>();
const PREVIEWS_KEPT = 120;

function keep(path: string, url: string) {
  previews.set(path, url);
  while (previews.size > PREVIEWS_KEPT) {
    const [oldest, oldUrl] = previews.entries().next().value as [string, string];
    previews.delete(oldest);
    URL.revokeObjectURL(oldUrl);
  }
}

export interface PreviewState {
  url: string | null;
  error: ApiError | null;
}

/**
 * An image of the client's (a thumbnail, a PDF page) as an object URL for `<img src>`, loaded while
 * `path` is set; kept for the visit, so a list that comes again shows its thumbnails at once.
 */
export function usePreviewUrl(path: string | null, network: string): PreviewState {
  const [state, setState] = useState<PreviewState & { path: string | null }>(() => ({
    path,
    url: path ? (previews.get(path) ?? null) : null,
    error: null,
  }));
  useEffect(() => {
    if (!path) return;
    const cached = previews.get(path);
    if (cached) {
      setState({ path, url: cached, error: null });
      return;
    }
    setState({ path, url: null, error: null });
    const abort = new AbortController();
    fetchBlob(path, network, abort.signal).then(
      (blob) => {
        const url = URL.createObjectURL(blob);
        keep(path, url);
        if (!abort.signal.aborted) setState({ path, url, error: null });
      },
      (caught: unknown) => {
        if (abort.signal.aborted) return;
        setState({ path, url: null, error: caught instanceof ApiError ? caught : networkError(network) });
      },
    );
    return () => abort.abort();
  }, [path, network]);
  return state.path === path ? { url: state.url, error: state.error } : { url: null, error: null };
}

/** The name a download is saved under: the server's `Content-Disposition`, else `fallback`. */
export function downloadName(disposition: string | null, fallback: string): string {
  if (disposition) {
    const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
    if (encoded) {
      try {
        return decodeURIComponent(encoded.trim());
      } catch {
        // a malformed encoding: the plain name below
      }
    }
    const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1];
    if (plain) return plain.trim();
  }
  return fallback;
}

/**
 * Saves one of the client's files: fetched with the token, then handed to the browser through an
 * object URL and `<a download>` under the server's name.
 */
export async function downloadAsset(path: string, fallbackName: string, network: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { headers: clientHeaders(), credentials: 'omit' });
  } catch {
    throw networkError(network);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw toApiError(body, response, network);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadName(response.headers.get('Content-Disposition'), fallbackName);
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the bytes once the click is handled; a minute is plenty for slow disks.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
