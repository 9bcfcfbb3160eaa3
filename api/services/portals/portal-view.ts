import type { PageInput } from '../../../shared/contracts/paging';
import type { Portal } from '../../../shared/contracts/portals';
import { colorContrast } from '../../../shared/format/contrast';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Config } from '../../config';
import type { Sql, Tx } from '../../db/client';
import { ApiError } from '../../http/errors';
import { logoVersion } from '../../storage/keys';
import { claimExpiresAt } from '../domains/domain-policy';
import { keyset } from '../keyset';

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
  /** When the current unverified claim started (set, or fallen back from verified). */
  domain_claimed_at: Date | null;
  domain_revoked_at: Date | null;
  /** Another portal holds this custom domain VERIFIED (computed by `selectPortals`). */
  domain_taken: boolean;
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

/**
 * Whether the row's custom-domain claim is an unverified one past its expiry: it then counts as no
 * claim at all, wherever it is read, until `purgeStaleDomainClaims` removes it.
 */
export function isClaimExpired(
  row: Pick<PortalRow, 'domain_status' | 'domain_claimed_at'>,
  now: Date,
): boolean {
  if (row.domain_status !== 'pending' && row.domain_status !== 'failed') return false;
  return !row.domain_claimed_at || claimExpiresAt(row.domain_claimed_at) <= now;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** The API's view of the row's custom domain: null without one or once the claim expired. */
function toCustomDomain(
  row: PortalRow,
  config: Pick<Config, 'platformHost'>,
  now: Date,
): Portal['customDomain'] {
  const domain = row.custom_domain;
  if (!domain || row.domain_status === 'none' || isClaimExpired(row, now)) return null;
  const unverified = row.domain_status !== 'verified';
  return {
    domain,
    // A verified row is unique (migration 0008), so only an unverified claim can be beaten to it.
    status: unverified && row.domain_taken ? 'taken' : row.domain_status,
    records: [
      { type: 'CNAME', name: domain, value: config.platformHost },
      { type: 'TXT', name: verificationRecordName(domain), value: row.domain_verification_token ?? '' },
    ],
    checkedAt: iso(row.domain_checked_at),
    error: row.domain_error,
    expiresAt:
      unverified && row.domain_claimed_at ? claimExpiresAt(row.domain_claimed_at).toISOString() : null,
    revokedAt: unverified ? iso(row.domain_revoked_at) : null,
  };
}

/**
 * Maps a row to the API's Portal, with contrast and the DNS records computed here; `now` decides
 * whether an unverified domain claim has expired.
 */
export function toPortal(
  row: PortalRow,
  config: Pick<Config, 'publicOrigin' | 'platformHost'>,
  now: Date,
): Portal {
  return {
    id: row.id,
    portalName: row.portal_name,
    primaryColor: row.primary_color,
    secondaryColor: row.secondary_color,
    allowedOrigins: row.allowed_origins,
    logoUrl: logoUrl(config.publicOrigin, row.id, row.logo_path),
    portalUrl: `${config.publicOrigin}/portal/${row.id}`,
    customDomain: toCustomDomain(row, config, now),
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
export function selectPortals(
  sql: Sql | Tx,
  scope: ProviderScope,
  portalId?: string,
  page?: { keys: ReturnType<typeof portalKeys>; limit: number },
) {
  return sql<(PortalRow & { sort_key?: string })[]>`
    SELECT p.id, p.portal_name, p.primary_color, p.secondary_color, p.allowed_origins, p.logo_path,
           p.custom_domain, p.domain_verification_token, p.domain_status, p.domain_checked_at,
           p.domain_error, p.domain_claimed_at, p.domain_revoked_at, p.created_at, p.updated_at,
           -- Another provider's portal may hold it (row-level security hides it: migration 0038's function).
           (p.domain_status <> 'verified'
             AND app_domain_verified_elsewhere(p.custom_domain, p.id)) AS domain_taken,
           (SELECT count(*)::int FROM clients c
             WHERE c.provider_id = p.provider_id AND c.portal_id = p.id) AS client_count
    FROM client_portals p
    WHERE ${ownedBy(sql, scope, 'p.provider_id')}
      ${portalId ? sql`AND p.id = ${portalId}` : sql``}
      ${page ? page.keys.after : sql``}
    ${page ? sql`ORDER BY ${page.keys.orderBy} LIMIT ${page.limit + 1}` : sql`ORDER BY p.created_at DESC, p.id`}`;
}

/** The portals list's keyset: newest first. */
export function portalKeys(sql: Sql | Tx, page: PageInput) {
  return keyset(sql, {
    columns: { createdAt: { sql: 'p.created_at', type: 'timestamptz' } },
    sort: 'createdAt',
    order: 'desc',
    idColumn: 'p.id',
    cursor: page.cursor,
    limit: page.limit,
  });
}

/**
 * One portal of the provider.
 * @throws `not_found` when it does not exist or belongs to another provider
 */
export async function findPortalRow(
  sql: Sql | Tx,
  scope: ProviderScope,
  portalId: string,
): Promise<PortalRow> {
  const [row] = await selectPortals(sql, scope, portalId);
  if (!row) throw new ApiError('not_found');
  return row;
}
