import type { AppDeps } from '../../http/context';
import type { Lang } from '../../http/i18n';
import { domainRevokedMail } from '../../mail/templates/domain-revoked';
import {
  DOMAIN_CLAIM_TTL_MS,
  DOMAIN_RECHECK_BATCH,
  DOMAIN_RECHECK_CONCURRENCY,
  DOMAIN_RECHECK_INTERVAL_MS,
  DOMAIN_RECHECK_RETRY_MS,
} from './domain-policy';
import { lookupToken } from './txt-lookup';
import { recordVerifiedCheck, type VerifiedCheckResult, type VerifiedDomain } from './verified-check';

export type RecheckDeps = Pick<AppDeps, 'sql' | 'dns' | 'mailer' | 'config' | 'log'>;

export interface RecheckSummary {
  /** Domains looked up in this run. */
  checked: number;
  /** Portal ids per outcome (`recordVerifiedCheck`). */
  served: string[];
  warned: string[];
  revoked: string[];
}

interface DueDomain extends VerifiedDomain {
  provider_id: string;
  portal_name: string;
}

/**
 * Looks up the TXT record of verified custom domains again, so a domain whose record is gone (sold,
 * moved, its DNS taken over by someone else) stops being served: a bounded batch (`DOMAIN_RECHECK_BATCH`)
 * of the domains checked longest ago that are due (last check `DOMAIN_RECHECK_INTERVAL_MS` ago, or
 * `DOMAIN_RECHECK_RETRY_MS` after a check that found the record gone). A domain is dropped only after
 * consecutive checks find the record gone (`recordVerifiedCheck`); its provider then gets an e-mail in
 * their language, and the domain page shows the reason. The batch is claimed by stamping its check time
 * first (`FOR UPDATE SKIP LOCKED`), so runs on several instances never check one domain twice at once.
 * Meant for a periodic job (the job queue schedules it); returns what it did, for the job's log.
 * @example await recheckVerifiedDomains(deps, new Date())
 */
export async function recheckVerifiedDomains(
  deps: RecheckDeps,
  now: Date,
  batch = DOMAIN_RECHECK_BATCH,
): Promise<RecheckSummary> {
  const due = await deps.sql<DueDomain[]>`
    UPDATE client_portals p SET domain_checked_at = ${now}
    FROM (
      SELECT id FROM client_portals
      WHERE domain_status = 'verified' AND (domain_checked_at IS NULL OR domain_checked_at <=
        CASE WHEN domain_check_failures > 0 THEN ${new Date(now.getTime() - DOMAIN_RECHECK_RETRY_MS)}::timestamptz
             ELSE ${new Date(now.getTime() - DOMAIN_RECHECK_INTERVAL_MS)}::timestamptz END)
      ORDER BY domain_checked_at NULLS FIRST, id
      LIMIT ${batch}
      FOR UPDATE SKIP LOCKED
    ) d
    WHERE p.id = d.id
    RETURNING p.id, p.provider_id, p.portal_name, p.custom_domain, p.domain_verification_token`;
  const summary: RecheckSummary = { checked: due.length, served: [], warned: [], revoked: [] };
  const queue = [...due];
  const worker = async () => {
    for (let domain = queue.shift(); domain; domain = queue.shift()) {
      const result = await recheckOne(deps, domain, now);
      if (result !== 'changed') summary[result].push(domain.id);
    }
  };
  await Promise.all(Array.from({ length: Math.min(DOMAIN_RECHECK_CONCURRENCY, due.length) }, worker));
  return summary;
}

async function recheckOne(deps: RecheckDeps, domain: DueDomain, now: Date): Promise<VerifiedCheckResult> {
  const lookup = await lookupToken(deps.dns, domain.custom_domain, domain.domain_verification_token);
  const result = await recordVerifiedCheck(deps.sql, domain, lookup, now);
  if (lookup.outcome !== 'found')
    deps.log.info(
      { portalId: domain.id, domain: domain.custom_domain, error: lookup.error, result },
      'custom domain re-check did not find the token',
    );
  if (result === 'revoked' && lookup.outcome === 'gone') await notifyProvider(deps, domain, lookup.error);
  return result;
}

/** The provider's notice, through the job queue (retried there); the domain page shows the reason too. */
async function notifyProvider(deps: RecheckDeps, domain: DueDomain, error: string): Promise<void> {
  const [provider] = await deps.sql<{ email: string; name: string | null; lang: Lang | null }[]>`
    SELECT u.email, pr.full_name AS name, pr.preferred_language AS lang
    FROM users u LEFT JOIN profiles pr ON pr.user_id = u.id
    WHERE u.id = ${domain.provider_id}`;
  if (!provider) return;
  const mail = domainRevokedMail({
    to: provider.email,
    name: provider.name || provider.email,
    lang: provider.lang ?? 'en',
    domain: domain.custom_domain,
    portalName: domain.portal_name,
    error,
    link: `${deps.config.publicOrigin}/dashboard/portals/${domain.id}/domain`,
    days: Math.round(DOMAIN_CLAIM_TTL_MS / (24 * 60 * 60_000)),
  });
  try {
    await deps.mailer.queue(deps.sql, mail);
  } catch (err) {
    deps.log.warn(
      { portalId: domain.id, err: err instanceof Error ? err.message : String(err) },
      'domain revoked notice not delivered',
    );
  }
}
