import { isPortalId } from './protocol';

/**
 * The magic-link return fragment: a sign-in link asked for inside the widget brings the client back to the
 * embedding page as `<page>#cp_magic=<token>&cp_portal=<portalId>`. The API makes it (the e-mailed link);
 * the snippet and the runtime read it, remove it from the address bar at once and hand the token to that
 * portal's frame. The token is in the fragment so that it is never sent to the provider's server.
 */

export const MAGIC_FRAGMENT_KEY = 'cp_magic';
export const MAGIC_PORTAL_KEY = 'cp_portal';

/** The magic-link return URL for an embedding page (the API mails this link when the frame asks with `returnTo`). */
export function magicReturnUrl(pageUrl: string, token: string, portalId: string): string {
  const url = new URL(pageUrl);
  url.hash = new URLSearchParams({ [MAGIC_FRAGMENT_KEY]: token, [MAGIC_PORTAL_KEY]: portalId }).toString();
  return url.toString();
}

/** The token (and portal) in a `#cp_magic=…` fragment, or null. */
export function readMagicFragment(hash: string): { token: string; portalId: string | null } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get(MAGIC_FRAGMENT_KEY);
  if (!token || token.length > 200) return null;
  const portalId = params.get(MAGIC_PORTAL_KEY);
  return { token, portalId: isPortalId(portalId) ? portalId : null };
}
