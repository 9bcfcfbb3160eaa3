import { randomBytes } from 'node:crypto';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Config } from '../../config';
import type { Sql } from '../../db/client';
import type { DnsResolver } from '../../http/context';
import { ApiError } from '../../http/errors';
import { findPortalRow, isClaimExpired } from '../portals/portal-view';
import { forgetPortalDomains } from './domain-cache';
import { lookupToken } from './txt-lookup';
import { recordVerifiedCheck } from './verified-check';

/** PostgreSQL's unique_violation: here, the partial unique index on verified domains (migration 0008). */
const UNIQUE_VIOLATION = '23505';

/**
 * Sets (or replaces) a portal's custom domain: a new claim, status pending, a fresh verification token.
 * A claim is not ownership: other portals may hold unverified claims of the same domain, each with its
 * own token, and the first to verify wins. Sending the domain the portal already claims keeps its token
 * (unless that claim expired).
 * @throws `validation_failed` for the platform's own host, `domain_taken` when another portal has the
 *   domain VERIFIED (an unverified claim elsewhere blocks nobody)
 */
export async function setPortalDomain(
  sql: Sql,
  config: Config,
  scope: ProviderScope,
  portalId: string,
  domain: string,
  now: Date,
): Promise<void> {
  if (
    domain === config.platformHost ||
    domain.endsWith(`.${config.platformHost}`) ||
    domain === 'localhost'
  ) {
    throw new ApiError('validation_failed', {
      fields: [{ path: 'domain', key: 'validation.domainReserved' }],
    });
  }
  const current = await findPortalRow(sql, scope, portalId);
  if (current.custom_domain === domain && current.domain_status !== 'none' && !isClaimExpired(current, now))
    return;
  // Another provider's portal: asked through migration 0038's one cross-tenant function for it.
  const [holder] = await sql<{ taken: boolean }[]>`
    SELECT app_domain_verified_elsewhere(${domain}, ${portalId}) AS taken`;
  if (holder?.taken) throw new ApiError('domain_taken');
  const token = `cpv-${randomBytes(16).toString('hex')}`;
  await sql`
    UPDATE client_portals SET custom_domain = ${domain}, domain_verification_token = ${token},
      domain_status = 'pending', domain_claimed_at = ${now}, domain_checked_at = NULL, domain_error = NULL,
      domain_check_failures = 0, domain_revoked_at = NULL, updated_at = ${now}
    WHERE ${ownedBy(sql, scope, 'provider_id')} AND id = ${portalId}`;
  // The portal may have been serving its previous domain.
  forgetPortalDomains(sql);
}

/**
 * Looks the TXT record `_clientportal-verify.<domain>` up and records the outcome.
 * - An unverified claim becomes verified when one of the record's strings is the portal's token, unless
 *   another portal verified the domain first (then the claim reads as `taken`; the partial unique index
 *   decides between two verifications racing, so exactly one wins); else it is failed with the
 *   resolver's code (ENOTFOUND, ENODATA, …) or `wrong_value`. A claim another portal already holds
 *   verified is not looked up at all.
 * - A verified domain is checked as the periodic re-check does (`recordVerifiedCheck`): it stops being
 *   served only when the record is gone on consecutive checks.
 * @throws `not_found` when the portal has no domain, its claim expired, or it is another provider's
 */
export async function verifyPortalDomain(
  sql: Sql,
  dns: DnsResolver,
  scope: ProviderScope,
  portalId: string,
  now: Date,
): Promise<void> {
  const portal = await findPortalRow(sql, scope, portalId);
  const domain = portal.custom_domain;
  if (!domain || portal.domain_status === 'none' || isClaimExpired(portal, now))
    throw new ApiError('not_found');
  const token = portal.domain_verification_token ?? '';
  if (portal.domain_status === 'verified') {
    const lookup = await lookupToken(dns, domain, token);
    await recordVerifiedCheck(
      sql,
      { id: portal.id, custom_domain: domain, domain_verification_token: token },
      lookup,
      now,
    );
    return;
  }
  if (portal.domain_taken) return;
  const lookup = await lookupToken(dns, domain, token);
  const claim = (db: Sql = sql) =>
    db`${ownedBy(db, scope, 'provider_id')} AND id = ${portalId} AND custom_domain = ${domain}
    AND domain_verification_token = ${token} AND domain_status IN ('pending', 'failed')`;
  if (lookup.outcome !== 'found') {
    await sql`
      UPDATE client_portals SET domain_status = 'failed', domain_error = ${lookup.error},
        domain_checked_at = ${now}, updated_at = ${now}
      WHERE ${claim()}`;
    return;
  }
  try {
    // Its own transaction (a savepoint inside a request's): the failed update leaves the rest usable.
    await sql.begin(
      (tx) => tx`
        UPDATE client_portals SET domain_status = 'verified', domain_error = NULL, domain_checked_at = ${now},
          domain_check_failures = 0, domain_revoked_at = NULL, updated_at = ${now}
        WHERE ${claim(tx as unknown as Sql)}`,
    );
  } catch (err) {
    if ((err as { code?: string }).code !== UNIQUE_VIOLATION) throw err;
    // Another portal verified the same domain first: this claim stays unverified and reads as `taken`.
    await sql`UPDATE client_portals SET domain_checked_at = ${now} WHERE ${claim()}`;
    return;
  }
  forgetPortalDomains(sql);
}

/** Removes a portal's custom domain (`not_found` for another provider's portal). */
export async function removePortalDomain(sql: Sql, scope: ProviderScope, portalId: string, now: Date) {
  const [row] = await sql`
    UPDATE client_portals SET custom_domain = NULL, domain_verification_token = NULL, domain_status = 'none',
      domain_claimed_at = NULL, domain_checked_at = NULL, domain_error = NULL, domain_check_failures = 0,
      domain_revoked_at = NULL, updated_at = ${now}
    WHERE ${ownedBy(sql, scope, 'provider_id')} AND id = ${portalId}
    RETURNING id`;
  if (!row) throw new ApiError('not_found');
  forgetPortalDomains(sql);
}
