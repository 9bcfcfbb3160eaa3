import type { Sql } from '../../db/client';
import { DOMAIN_CLAIM_TTL_MS } from './domain-policy';

/**
 * Removes every unverified (pending or failed) custom-domain claim older than `DOMAIN_CLAIM_TTL_MS`:
 * the portal is left without a custom domain, as after "Remove domain". Reads already treat such a
 * claim as gone (`isClaimExpired`); this clears the rows. Meant for a periodic job; safe to run on
 * several instances at once (one UPDATE, idempotent). Verified domains are never touched.
 * @returns how many claims were removed
 * @example await purgeStaleDomainClaims(deps.sql, new Date())
 */
export async function purgeStaleDomainClaims(sql: Sql, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - DOMAIN_CLAIM_TTL_MS);
  const rows = await sql`
    UPDATE client_portals SET custom_domain = NULL, domain_verification_token = NULL, domain_status = 'none',
      domain_claimed_at = NULL, domain_checked_at = NULL, domain_error = NULL, domain_check_failures = 0,
      domain_revoked_at = NULL
    WHERE domain_status IN ('pending', 'failed') AND domain_claimed_at <= ${cutoff}
    RETURNING id`;
  return rows.length;
}
