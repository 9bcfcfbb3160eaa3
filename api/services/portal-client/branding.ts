import type { PortalBranding } from '../../../shared/contracts/portal-client';
import { isAllowedOrigin } from '../../../shared/contracts/portals';
import { colorContrast } from '../../../shared/format/contrast';
import type { Config } from '../../config';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';
import { logoUrl } from '../portals/portal-view';

/**
 * The public face of a portal for its login page: name, logo, colours, the readable text colour on the
 * primary colour, and the provider's language as the portal's fallback language. Nothing else (no
 * domain, no origins, no counts): the portal id is known to anyone with a link.
 * @throws `not_found` for an unknown portal
 */
export async function getPortalBranding(
  sql: Sql,
  config: Pick<Config, 'publicOrigin'>,
  portalId: string,
): Promise<PortalBranding> {
  const [row] = await sql<
    {
      id: string;
      portal_name: string;
      logo_path: string | null;
      primary_color: string;
      secondary_color: string;
      language: 'en' | 'de' | null;
    }[]
  >`
    SELECT p.id, p.portal_name, p.logo_path, p.primary_color, p.secondary_color,
           pr.preferred_language AS language
    FROM client_portals p LEFT JOIN profiles pr ON pr.user_id = p.provider_id
    WHERE p.id = ${portalId}`;
  if (!row) throw new ApiError('not_found');
  return {
    id: row.id,
    name: row.portal_name,
    logoUrl: logoUrl(config.publicOrigin, row.id, row.logo_path),
    primaryColor: row.primary_color,
    secondaryColor: row.secondary_color,
    onPrimary: colorContrast(row.primary_color).textColor,
    language: row.language ?? 'en',
  };
}

/**
 * The website origins a portal may be embedded on (the widget): its `frame-ancestors` and the only places
 * a sign-in link requested inside the widget may return to. Only exact `http(s)` origins come back (the
 * contract allows nothing else on write; this keeps a CSP header safe from anything stored otherwise).
 * @returns the origins, or null for an unknown portal
 */
export async function allowedOriginsOf(sql: Sql, portalId: string): Promise<string[] | null> {
  const [row] = await sql<{ allowed_origins: string[] }[]>`
    SELECT allowed_origins FROM client_portals WHERE id = ${portalId}`;
  if (!row) return null;
  return row.allowed_origins.filter(isExactOrigin);
}

/** A stored origin exactly as the contract takes it now (a value stored before a stricter rule is left out). */
function isExactOrigin(value: string): boolean {
  return isAllowedOrigin(value) && new URL(value).origin === value;
}
