import { useSyncExternalStore } from 'react';

/**
 * The portal's router: the browser history behind one small store. The portal has a handful of flat
 * routes (`paths.ts` parses them), so it needs no routing library on its size-budgeted sign-in page.
 *
 * Inside the widget's iframe the location lives in memory instead (`startMemoryLocation`): moving around the
 * portal never adds entries to the joint session history, so the provider page's back button keeps
 * meaning "back on the provider's site".
 */
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') window.addEventListener('popstate', notify);

/** Calls `listener` after every navigation. */
export function subscribeLocation(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The in-memory location (`pathname + search`) of an embedded portal; null: the address bar's. */
let memory: string | null = null;

/** Switches the router to an in-memory location starting at `initial` (embedded mode; once, at start). */
export function startMemoryLocation(initial: string): void {
  memory = initial;
}

/** The current `pathname + search`. */
export const currentLocation = () => memory ?? `${window.location.pathname}${window.location.search}`;

/** The current `pathname + search`; re-renders on navigation. */
export function useLocationKey(): string {
  return useSyncExternalStore(subscribeLocation, currentLocation, () => '/');
}

/**
 * Goes to a path of this app (no reload). A new page starts at the top; `replace` leaves no history entry
 * (redirects, leaving a used sign-in link).
 */
export function navigate(to: string, opts: { replace?: boolean } = {}): void {
  if (to === currentLocation()) return;
  if (memory !== null) memory = to;
  else if (opts.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  if (!opts.replace) window.scrollTo(0, 0);
  notify();
}
