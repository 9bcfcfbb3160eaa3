import type { Portal } from '../../../shared/contracts/portals';

/**
 * The address clients open: the verified custom domain's root when there is one (served with the
 * platform's scheme and port, as the reverse proxy in front answers both), otherwise the standalone login
 * page `/portal/{portalId}/login` on the platform (spec §2).
 * @example portalAddress(portal) // 'https://portal.example-agency.com/'
 */
export function portalAddress(portal: Pick<Portal, 'portalUrl' | 'customDomain'>): string {
  const platform = new URL(portal.portalUrl);
  if (portal.customDomain?.status === 'verified') {
    const url = new URL(platform.origin);
    url.hostname = portal.customDomain.domain;
    return url.toString();
  }
  return `${platform.origin}${platform.pathname.replace(/\/$/, '')}/login`;
}

/** The standalone login page on the platform, which keeps working when a custom domain is set. */
export function platformAddress(portal: Pick<Portal, 'portalUrl'>): string {
  return portalAddress({ portalUrl: portal.portalUrl, customDomain: null });
}
