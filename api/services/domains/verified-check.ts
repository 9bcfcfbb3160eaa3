import type { Sql } from '../../db/client';
import { forgetPortalDomains } from './domain-cache';
import { DOMAIN_RECHECK_FAILURES_TO_REVOKE } from './domain-policy';
import type { TokenLookup } from './txt-lookup';

/** The verified domain a check was made for; every update is guarded by all three, so a domain changed
 * or removed meanwhile is left alone. */
export interface VerifiedDomain {
  id: string;
  custom_domain: string;
  domain_verification_token: string;
}

/**
 * What one check did to a verified domain: still `served` (token found, or no definite answer), `warned`
 * (the record is gone, once: served until the next check confirms), `revoked` (gone on consecutive
 * checks: no longer served), or `changed` (the domain was changed or removed meanwhile: nothing done).
 */
export type VerifiedCheckResult = 'served' | 'warned' | 'revoked' | 'changed';

/**
 * Records one lookup of a VERIFIED domain's TXT record: the periodic re-check's rule, also applied when
 * the provider presses "Check again". A found token clears the failure count; a definite "gone" counts
 * one failure and, at `DOMAIN_RECHECK_FAILURES_TO_REVOKE` in a row, stops serving the domain: status
 * `failed` with the reason, `domain_revoked_at`, a new claim period (so the provider has the full time to
 * restore the record before the claim expires) and this instance's domain cache dropped (others expire
 * it within its TTL). No definite answer (a timeout, our resolver down) changes nothing but the record
 * of the check: one transient failure never takes a domain down.
 */
export async function recordVerifiedCheck(
  sql: Sql,
  domain: VerifiedDomain,
  lookup: TokenLookup,
  now: Date,
): Promise<VerifiedCheckResult> {
  const guard = () => sql`id = ${domain.id} AND domain_status = 'verified'
    AND custom_domain = ${domain.custom_domain}
    AND domain_verification_token = ${domain.domain_verification_token}`;
  if (lookup.outcome !== 'gone') {
    const found = lookup.outcome === 'found';
    const rows = await sql`
      UPDATE client_portals SET domain_checked_at = ${now},
        domain_error = ${found ? null : lookup.error},
        domain_check_failures = ${found ? sql`0` : sql`domain_check_failures`}
      WHERE ${guard()}
      RETURNING id`;
    return rows.length ? 'served' : 'changed';
  }
  const [counted] = await sql<{ domain_check_failures: number }[]>`
    UPDATE client_portals SET domain_checked_at = ${now}, domain_error = ${lookup.error},
      domain_check_failures = domain_check_failures + 1
    WHERE ${guard()}
    RETURNING domain_check_failures`;
  if (!counted) return 'changed';
  if (counted.domain_check_failures < DOMAIN_RECHECK_FAILURES_TO_REVOKE) return 'warned';
  // Guarded again: of two checks racing here, one revokes (and notifies), the other finds nothing.
  const revoked = await sql`
    UPDATE client_portals SET domain_status = 'failed', domain_revoked_at = ${now},
      domain_claimed_at = ${now}, domain_check_failures = 0, updated_at = ${now}
    WHERE ${guard()} AND domain_check_failures >= ${DOMAIN_RECHECK_FAILURES_TO_REVOKE}
    RETURNING id`;
  if (!revoked.length) return 'changed';
  forgetPortalDomains(sql);
  return 'revoked';
}
