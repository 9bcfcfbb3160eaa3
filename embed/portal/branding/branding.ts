import type { PortalBranding } from '../../../shared/contracts/portal-client';

/**
 * A portal's branding, fetched once per page load. `null` means the portal does not exist (404); a
 * network or server failure rejects, and the page then shows the platform's neutral look.
 *
 * A plain `fetch` rather than the typed client: the request starts in the start-up script (`boot.ts`, inlined into `index.html`), before any script
 * of the app has loaded, and the client (openapi-fetch) loads only once the user interacts.
 */
const cache = new Map<string, Promise<PortalBranding | null>>();

declare global {
  interface Window {
    /** The branding request the start-up script starts before the scripts run (taken over once). */
    __portalBranding?: { id: string; response: Promise<Response> };
  }
}

function request(portalId: string): Promise<Response> {
  const early = window.__portalBranding;
  if (early?.id === portalId) {
    window.__portalBranding = undefined;
    return early.response;
  }
  // Plain fetch: the branding paints the login's first screen, which must not load the typed client (budget).
  return fetch(`/api/portal/${encodeURIComponent(portalId)}/branding`, {
    headers: { Accept: 'application/json' },
    credentials: 'omit',
  });
}

export function loadBranding(portalId: string): Promise<PortalBranding | null> {
  let pending = cache.get(portalId);
  if (!pending) {
    pending = request(portalId).then(async (res) => {
      if (res.status === 404 || res.status === 422) return null;
      if (!res.ok) throw new Error(`branding ${res.status}`);
      return (await res.json()) as PortalBranding;
    });
    pending.catch(() => cache.delete(portalId));
    cache.set(portalId, pending);
  }
  return pending;
}

const settled = new Map<string, PortalBranding | null>();

/**
 * A portal's branding for a synchronous read during render: the branding, `null` for a portal that does
 * not exist, `undefined` while unknown (not loaded yet, or the request failed).
 */
export function brandingNow(portalId: string): PortalBranding | null | undefined {
  return settled.get(portalId);
}

/** Loads and remembers the branding for synchronous reads during render. */
export async function preloadBranding(portalId: string): Promise<PortalBranding | null | undefined> {
  try {
    const branding = await loadBranding(portalId);
    settled.set(portalId, branding);
    return branding;
  } catch {
    return undefined;
  }
}

const VARS = [
  '--brand-primary',
  '--brand-primary-strong',
  '--brand-primary-soft',
  '--brand-on-primary',
  '--brand-secondary',
] as const;

/**
 * Applies a portal's colours to the whole page by overriding the UI kit's `--brand-*` variables
 * (`shared/ui/styles.css`) on `<html>`, so toasts and dialogs are branded too; `null` restores the
 * platform's own look. The strong and soft variants are mixed from the primary colour in CSS.
 */
export function applyBranding(branding: PortalBranding | null | undefined): void {
  const style = document.documentElement.style;
  if (!branding) {
    for (const name of VARS) style.removeProperty(name);
  } else {
    style.setProperty('--brand-primary', branding.primaryColor);
    style.setProperty('--brand-primary-strong', `color-mix(in oklab, ${branding.primaryColor} 82%, black)`);
    style.setProperty('--brand-primary-soft', `color-mix(in oklab, ${branding.primaryColor} 10%, white)`);
    style.setProperty('--brand-on-primary', branding.onPrimary);
    style.setProperty('--brand-secondary', branding.secondaryColor);
  }
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', branding?.primaryColor ?? '#4f46e5');
}
