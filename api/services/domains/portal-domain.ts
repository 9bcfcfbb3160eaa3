import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { Sql } from '../../db/client';
import type { DnsResolver } from '../../http/context';
import { ApiError } from '../../http/errors';
import { findPortalRow, verificationRecordName } from '../portals/portal-view';
import { forgetPortalDomains } from './domain-cache';

/**
 * Sets (or replaces) a portal's custom domain: status pending, a fresh verification token.
 * @throws `validation_failed` for the platform's own host, `domain_taken` when another portal has it
 */
export async function setPortalDomain(
  sql: Sql,
  config: Config,
  providerId: string,
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
  const current = await findPortalRow(sql, providerId, portalId);
  if (current.custom_domain === domain && current.domain_status !== 'none') return;
  const token = `cpv-${randomBytes(16).toString('hex')}`;
  try {
    await sql`
      UPDATE client_portals SET custom_domain = ${domain}, domain_verification_token = ${token},
        domain_status = 'pending', domain_checked_at = NULL, domain_error = NULL, updated_at = ${now}
      WHERE provider_id = ${providerId} AND id = ${portalId}`;
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw new ApiError('domain_taken');
    throw err;
  }
  forgetPortalDomains(sql);
}

/**
 * Looks the TXT record `_clientportal-verify.<domain>` up and records the outcome: verified when one of
 * its strings is the portal's token; failed with the resolver's code (ENOTFOUND, ENODATA, …) or
 * `wrong_value` otherwise.
 * @throws `not_found` when the portal has no domain (or is another provider's)
 */
export async function verifyPortalDomain(
  sql: Sql,
  dns: DnsResolver,
  providerId: string,
  portalId: string,
  now: Date,
): Promise<void> {
  const portal = await findPortalRow(sql, providerId, portalId);
  if (!portal.custom_domain || portal.domain_status === 'none') throw new ApiError('not_found');
  let error: string | null = null;
  try {
    const records = await dns.resolveTxt(verificationRecordName(portal.custom_domain));
    // A long TXT value may arrive split into several strings; joined, they are one value.
    const values = records.map((chunks) => chunks.join('').trim());
    if (!values.includes(portal.domain_verification_token ?? '')) error = 'wrong_value';
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    error = typeof code === 'string' && /^[A-Z_]{2,32}$/.test(code) ? code : 'lookup_failed';
  }
  await sql`
    UPDATE client_portals SET domain_status = ${error ? 'failed' : 'verified'}, domain_error = ${error},
      domain_checked_at = ${now}, updated_at = ${now}
    WHERE provider_id = ${providerId} AND id = ${portalId} AND custom_domain = ${portal.custom_domain}`;
  forgetPortalDomains(sql);
}

/** Removes a portal's custom domain (`not_found` for another provider's portal). */
export async function removePortalDomain(sql: Sql, providerId: string, portalId: string, now: Date) {
  const [row] = await sql`
    UPDATE client_portals SET custom_domain = NULL, domain_verification_token = NULL, domain_status = 'none',
      domain_checked_at = NULL, domain_error = NULL, updated_at = ${now}
    WHERE provider_id = ${providerId} AND id = ${portalId}
    RETURNING id`;
  if (!row) throw new ApiError('not_found');
  forgetPortalDomains(sql);
}
