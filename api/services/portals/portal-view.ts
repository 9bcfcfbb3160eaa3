import type { Portal } from '../../../shared/contracts/portals';
import { colorContrast } from '../../../shared/format/contrast';
import type { Config } from '../../config';
import type { Sql, Tx } from '../../db/client';
import { ApiError } from '../../http/errors';
import { logoVersion } from '../../storage/keys';

/** A client_portals row as the portal queries select it (see `selectPortals`). */
export interface PortalRow {
  id: string;
  portal_name: string;
  primary_color: string;
  secondary_color: string;
  allowed_origins: string[];
  /** The logo's storage key (api/storage/keys.ts), or null. */
  logo_path: string | null;
  custom_domain: string | null;
  domain_verification_token: string | null;
  domain_status: 'none' | 'pending' | 'verified' | 'failed';
  domain_checked_at: Date | null;
  domain_error: string | null;
  client_count: number;
  created_at: Date;
  updated_at: Date;
}

/** The TXT record name that proves control of a custom domain. */
export function verificationRecordName(domain: string): string {
  return `_clientportal-verify.${domain}`;
}

/** The versioned public URL of a portal's logo: the storage key's random part is the version. */
export function logoUrl(publicOrigin: string, portalId: string, logoPath: string | null): string | null {
  if (!logoPath) return null;
  const version = logoVersion(logoPath);
  return `${publicOrigin}/api/portals/${portalId}/logo?v=${encodeURIComponent(version)}`;
}

/** Maps a row to the API's Portal, with contrast and the DNS records computed here. */
export function toPortal(row: PortalRow, config: Pick<Config, 'publicOrigin' | 'platformHost'>): Portal {
  const domain = row.custom_domain;
  return {
    id: row.id,
    portalName: row.portal_name,
    primaryColor: row.primary_color,
    secondaryColor: row.secondary_color,
    allowedOrigins: row.allowed_origins,
    logoUrl: logoUrl(config.publicOrigin, row.id, row.logo_path),
    portalUrl: `${config.publicOrigin}/portal/${row.id}`,
    customDomain:
      domain && row.domain_status !== 'none'
        ? {
            domain,
            status: row.domain_status,
            records: [
              { type: 'CNAME', name: domain, value: config.platformHost },
              {
                type: 'TXT',
                name: verificationRecordName(domain),
                value: row.domain_verification_token ?? '',
              },
            ],
            checkedAt: row.domain_checked_at ? new Date(row.domain_checked_at).toISOString() : null,
            error: row.domain_error,
          }
        : null,
    contrast: { primary: colorContrast(row.primary_color), secondary: colorContrast(row.secondary_color) },
    clientCount: row.client_count,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/**
 * The provider's portals, or one of them; the provider filter is in the `where`, so another provider's
 * portal is simply not found.
 */
export function selectPortals(sql: Sql | Tx, providerId: string, portalId?: string) {
  return sql<PortalRow[]>`
    SELECT p.id, p.portal_name, p.primary_color, p.secondary_color, p.allowed_origins, p.logo_path,
           p.custom_domain, p.domain_verification_token, p.domain_status, p.domain_checked_at,
           p.domain_error, p.created_at, p.updated_at,
           (SELECT count(*)::int FROM clients c
             WHERE c.provider_id = p.provider_id AND c.portal_id = p.id) AS client_count
    FROM client_portals p
    WHERE p.provider_id = ${providerId}
      ${portalId ? sql`AND p.id = ${portalId}` : sql``}
    ORDER BY p.created_at DESC, p.id`;
}

/**
 * One portal of the provider.
 * @throws `not_found` when it does not exist or belongs to another provider
 */
export async function findPortalRow(sql: Sql | Tx, providerId: string, portalId: string): Promise<PortalRow> {
  const [row] = await selectPortals(sql, providerId, portalId);
  if (!row) throw new ApiError('not_found');
  return row;
}
