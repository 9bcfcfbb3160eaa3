/**
 * A signed-in page's first data, requested by `index.html`'s inline script (with the stored session's
 * token) while the first scripts download; the signed-in chunk puts it into its query cache before its
 * first render (`signed-in/seed-prefetched.ts`), so the page renders with data at once.
 */
declare global {
  interface Window {
    __portalPrefetch?: Record<string, Promise<Response>>;
  }
}

/** The API resource behind a signed-in page's first screen (the pages `index.html` prefetches too). */
const RESOURCES: Partial<Record<string, string>> = {
  dashboard: 'dashboard',
  projects: 'projects',
  invoices: 'invoices',
};

/**
 * Starts loading a signed-in page's data with a new session's token, as `index.html` does for a stored
 * session: the embedded portal calls it right after the widget signed a client in, so the page renders
 * with its data at once.
 */
export function prefetchPageData(portalId: string, page: string, token: string): void {
  const resource = RESOURCES[page];
  if (!resource) return;
  const path = `/api/portal/${portalId}/${resource}`;
  window.__portalPrefetch = {
    ...window.__portalPrefetch,
    [path]: fetch(path, {
      credentials: 'omit',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    }),
  };
}

/** Starts loading (or, once preloaded, evaluating) the signed-in chunk. */
export function prefetchSignedIn(): void {
  void import(/* webpackChunkName: "signed-in" */ './signed-in/signed-in-app').catch(() => {});
}

/** Every prefetched response, once (the caller owns them from then on). */
export function takePrefetched(): [string, Promise<Response>][] {
  const prefetched = Object.entries(window.__portalPrefetch ?? {});
  window.__portalPrefetch = undefined;
  return prefetched;
}
