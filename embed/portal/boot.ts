import { checkFrame, openFrameInbox } from './embedded/frame-inbox';
import { SESSION_KEY } from './session/session-key';
import { prefetchPageData } from './signed-in-prefetch';

/**
 * The portal page's first script, inlined into `index.html`'s `<head>` at build time (its own entry,
 * `rsbuild.config.ts`), so the first render waits for no extra round trip. Before the page's scripts have
 * downloaded, it starts the portal's branding request (`branding/branding.ts` takes it over) and preloads
 * the chunks the location needs (listed at build time in `<meta name="portal-chunks-…">`): the sign-in
 * pages', or, for a client returning to a signed-in page, the signed-in pages' plus that page's data
 * (`signed-in-prefetch.ts` hands it over). Only a head start: the app decides everything again.
 *
 * On a custom domain the server puts the portal id in `<meta name="portal-id">` at the top of `<head>`.
 * Inside the widget's iframe (`?embed=…`) the frame's own chunk comes too, the frame says `hello` to the
 * embedding page at once, and without a stored session the signed-in pages' chunk as well and the page's
 * handoff token is exchanged as soon as it arrives (`embedded/frame-inbox.ts`).
 *
 * Keep it small: it is in every portal page's HTML. Never throws (the app starts anyway).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Adds `<link rel="preload">` for a chunk group's scripts. */
function preload(group: 'sign-in' | 'signed-in' | 'frame') {
  const list = document.querySelector(`meta[name="portal-chunks-${group}"]`)?.getAttribute('content');
  for (const href of (list ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = href;
    document.head.append(link);
  }
}

/** The stored session's token when it is this portal's and still valid (unchecked otherwise: a head start only). */
function storedToken(portalId: string): string | null {
  try {
    const stored = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as {
      token?: unknown;
      expiresAt?: unknown;
      client?: { portalId?: unknown };
    } | null;
    if (stored?.client?.portalId !== portalId || typeof stored.token !== 'string') return null;
    return typeof stored.expiresAt === 'string' && Date.parse(stored.expiresAt) > Date.now()
      ? stored.token
      : null;
  } catch {
    return null; // no storage here (a third-party frame with storage blocked), or unreadable data
  }
}

/** Which portal and page the address names (`/portal/{id}/{page}`, or `/{page}` on a custom domain). */
function location(): { id: string; page: string } | null {
  const domainId = document.querySelector('meta[name="portal-id"]')?.getAttribute('content');
  const [first = '', second = '', third = ''] = window.location.pathname.split('/').filter(Boolean);
  if (domainId) return { id: domainId.toLowerCase(), page: first };
  if (first !== 'portal') return null;
  if (UUID.test(second.toLowerCase())) return { id: second.toLowerCase(), page: third };
  return { id: '', page: second || 'login' };
}

function boot() {
  const frame = new URLSearchParams(window.location.search).has('embed') ? checkFrame() : null;
  if (frame) preload('frame');
  const at = location();
  if (!at) return;
  const { id, page } = at;
  if (UUID.test(id)) {
    window.__portalBranding = {
      id,
      // Plain fetch: the inline start-up script must stay tiny; the branding module reads this response.
      response: fetch(`/api/portal/${id}/branding`, {
        credentials: 'omit',
        headers: { Accept: 'application/json' },
      }),
    };
  }
  if (page === 'login' || page === 'auth' || !UUID.test(id)) {
    preload('sign-in');
    return;
  }
  const token = storedToken(id);
  const inbox =
    frame?.kind === 'embedded' && frame.params.portalId.toLowerCase() === id
      ? openFrameInbox(frame.params, {
          signedIn: token !== null,
          exchange: token === null,
          signInNeeded: () => preload('sign-in'),
        })
      : undefined;
  window.__portalFrame = inbox;
  if (token === null) {
    // Inside the widget, the embedding page usually signs the client in (identity handoff): the sign-in
    // form's chunks come only once its `init` says it will not (they would compete with the signed-in ones).
    preload(inbox ? 'signed-in' : 'sign-in');
    return;
  }
  preload('signed-in');
  prefetchPageData(id, page || 'dashboard', token);
}

try {
  boot();
} catch {
  // A head start only: the app does everything again.
}
