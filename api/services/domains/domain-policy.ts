import type { RateLimitRule } from '../../http/rate-limit';

/**
 * The numbers of the custom-domain rules, in one place (issue 17, findings 16 and 18).
 *
 * A claim is not ownership: any number of portals may hold an unverified claim of one domain, the first
 * to verify wins (a partial unique index, migration 0008), and an unverified claim expires.
 */

/** An unverified (pending or failed) claim expires this long after it started. */
export const DOMAIN_CLAIM_TTL_MS = 7 * 24 * 60 * 60_000;

/** A verified domain's TXT record is looked up again this long after its last check... */
export const DOMAIN_RECHECK_INTERVAL_MS = 24 * 60 * 60_000;
/** ...and this soon after a check that found the record gone, to confirm before acting. */
export const DOMAIN_RECHECK_RETRY_MS = 60 * 60_000;
/** Consecutive checks that must find the record gone before the domain stops being served. */
export const DOMAIN_RECHECK_FAILURES_TO_REVOKE = 2;
/** Domains one re-check run looks up at most (oldest check first); the rest wait for the next run. */
export const DOMAIN_RECHECK_BATCH = 50;
/** Lookups of one re-check run in flight at once. */
export const DOMAIN_RECHECK_CONCURRENCY = 4;

/**
 * Every verification makes DNS lookups (the resolver may ask several servers and retry), so it is
 * limited per portal and, for a provider with many portals, per provider. Both buckets are keyed by the
 * provider, so another account's calls with this portal's id never spend its budget.
 */
export const DOMAIN_VERIFY_LIMITS = {
  portal: { name: 'domain-verify:portal', limit: 10, windowMs: 10 * 60_000 },
  provider: { name: 'domain-verify:provider', limit: 30, windowMs: 10 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/**
 * `/api/domains/check` for callers other than the TLS proxy's own `ask` (see `routes/domains/check.ts`):
 * generous, since an answer comes from the in-process cache, but enough to stop enumeration floods.
 */
export const DOMAIN_CHECK_LIMIT: RateLimitRule = { name: 'domain-check', limit: 300, windowMs: 60_000 };

/** When an unverified claim that started at `claimedAt` expires. */
export function claimExpiresAt(claimedAt: Date): Date {
  return new Date(new Date(claimedAt).getTime() + DOMAIN_CLAIM_TTL_MS);
}
