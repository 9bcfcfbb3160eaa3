/**
 * A signed-in page's first data, requested by the start-up script (`boot.ts`, with the stored session's
 * token) while the first scripts download; the signed-in chunk puts it into its query cache before its
 * first render (`signed-in/seed-prefetched.ts`), so the page renders with data at once.
 */
declare global {
  interface Window {
    __portalPrefetch?: Record<string, Promise<Response>>;
  }
}

/**
 * The API resource behind a signed-in page's first screen. (No imports of chunks in this module: the
 * start-up script, which must stay small, uses it.)
 */
const RESOURCES: Partial<Record<string, PageResource>> = {
  dashboard: 'dashboard',
  projects: 'projects',
  invoices: 'invoices',
};
export type PageResource = 'dashboard' | 'projects' | 'invoices';

/** The API resource a page's first screen shows, if it has one. */
export const pageResource = (page: string): PageResource | undefined => RESOURCES[page];

/**
 * Starts loading a signed-in page's data with a session's token: the start-up script for a stored session,
 * the embedded portal right after the widget signed a client in, so the page renders with its data at once.
 */
export function prefetchPageData(portalId: string, page: string, token: string): void {
  const resource = RESOURCES[page];
  if (!resource) return;
  const path = `/api/portal/${portalId}/${resource}`;
  window.__portalPrefetch = {
    ...window.__portalPrefetch,
    // Plain fetch: runs in the start-up script, before any chunk; `readResponse` reads it in seed-prefetched.ts.
    [path]: fetch(path, {
      credentials: 'omit',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    }),
  };
}

/**
 * Hands data the API already returned for a page (the widget's handoff `included` it) to the signed-in
 * chunk, as if it had been prefetched.
 */
export function providePageData(portalId: string, resource: PageResource, data: unknown): void {
  const path = `/api/portal/${portalId}/${resource}`;
  const response = new Response(JSON.stringify(data), { headers: { 'Content-Type': 'application/json' } });
  window.__portalPrefetch = { ...window.__portalPrefetch, [path]: Promise.resolve(response) };
}

/** Every prefetched response, once (the caller owns them from then on). */
export function takePrefetched(): [string, Promise<Response>][] {
  const prefetched = Object.entries(window.__portalPrefetch ?? {});
  window.__portalPrefetch = undefined;
  return prefetched;
}
