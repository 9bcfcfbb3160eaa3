import {
  type MailDomain,
  MailDomainCreate,
  type MailDomainRecord,
  type MailDomainState,
  type MailDomainStatus,
  MailDomainUpdate,
} from '../../../shared/contracts/integrations';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql } from '../../db/client';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { type ResendDomain, resendApiError, resendDomains } from './resend-domains';

/*
 * The provider's own sending domain for portal e-mails (issue 27): added at Resend (which answers with
 * the DNS records to publish), verified there on request, then used as the From of every e-mail to the
 * provider's clients (`sender.ts`), and removed again. One domain per provider; Resend's id is kept.
 */

type Deps = Pick<AppDeps, 'config' | 'sql' | 'log' | 'now'>;

/** What every verification may cost: each asks Resend to look the DNS records up again. */
export const MAIL_DOMAIN_VERIFY_LIMITS = {
  /** A burst of clicks while the records propagate… */
  minute: { name: 'mail-domain-verify:minute', limit: 3, windowMs: 60_000 },
  /** …and a ceiling per hour. */
  hour: { name: 'mail-domain-verify:hour', limit: 20, windowMs: 60 * 60_000 },
};

interface Row {
  domain: string;
  resend_domain_id: string;
  status: MailDomainStatus;
  records: MailDomainRecord[];
  from_local_part: string;
  in_use: boolean;
  verified_at: Date | null;
  checked_at: Date | null;
  created_at: Date;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function view(row: Row): MailDomain {
  return {
    name: row.domain,
    status: row.status,
    records: row.records,
    fromLocalPart: row.from_local_part,
    fromAddress: `${row.from_local_part}@${row.domain}`,
    inUse: row.in_use,
    verifiedAt: iso(row.verified_at),
    checkedAt: iso(row.checked_at),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

function domainsOf(deps: Deps) {
  const domains = resendDomains(deps.config);
  if (!domains) throw new ApiError('mail_domain_unavailable');
  return domains;
}

async function rowOf(sql: Sql, scope: ProviderScope): Promise<Row | undefined> {
  const [row] = await sql<Row[]>`
    SELECT domain, resend_domain_id, status, records, from_local_part, in_use, verified_at, checked_at, created_at
    FROM mail_domains WHERE ${ownedBy(sql, scope, 'provider_id')}`;
  return row;
}

/** The provider's sending domain as last seen, and whether this server can have one at all. */
export async function getMailDomain(deps: Deps, scope: ProviderScope): Promise<MailDomainState> {
  const row = await rowOf(deps.sql, scope);
  return { available: Boolean(deps.config.RESEND_API_KEY), domain: row ? view(row) : null };
}

/**
 * Adds the domain at Resend and keeps its id and records.
 * @throws 409 `mail_domain_unavailable` without Resend, 409 `mail_domain_exists` when one is there, 422
 * (field `domain`) when Resend refuses it, 502 `mail_provider_unavailable`
 */
export async function createMailDomain(
  deps: Deps,
  scope: ProviderScope,
  input: MailDomainCreate,
): Promise<MailDomainState> {
  const { domain, fromLocalPart } = MailDomainCreate.parse(input);
  const domains = domainsOf(deps);
  if (await rowOf(deps.sql, scope)) throw new ApiError('mail_domain_exists');
  let created: ResendDomain;
  try {
    created = await domains.create(domain);
  } catch (err) {
    throw resendApiError(err);
  }
  const [row] = await deps.sql<Row[]>`
    INSERT INTO mail_domains (provider_id, domain, resend_domain_id, status, records, from_local_part, checked_at)
    VALUES (${scope.providerId}, ${created.name}, ${created.id}, ${created.status},
            ${deps.sql.json(created.records)}, ${fromLocalPart ?? 'portal'}, ${deps.now()})
    ON CONFLICT (provider_id) DO NOTHING
    RETURNING domain, resend_domain_id, status, records, from_local_part, in_use, verified_at, checked_at, created_at`;
  if (!row) {
    // Another request added one meanwhile: this one goes again at Resend.
    await domains
      .remove(created.id)
      .catch((err) => deps.log.warn({ err }, 'could not remove a duplicate domain'));
    throw new ApiError('mail_domain_exists');
  }
  return { available: true, domain: view(row) };
}

/**
 * Asks Resend to check the records again and stores what it says. A domain that is no longer verified
 * stops being used.
 */
export async function verifyMailDomain(deps: Deps, scope: ProviderScope): Promise<MailDomainState> {
  const domains = domainsOf(deps);
  const current = await rowOf(deps.sql, scope);
  if (!current) throw new ApiError('not_found');
  let checked: ResendDomain;
  try {
    checked = await domains.verify(current.resend_domain_id);
  } catch (err) {
    throw resendApiError(err);
  }
  const verified = checked.status === 'verified';
  const [row] = await deps.sql<Row[]>`
    UPDATE mail_domains SET status = ${checked.status}, records = ${deps.sql.json(checked.records)},
      checked_at = ${deps.now()},
      verified_at = CASE WHEN ${verified} THEN coalesce(verified_at, ${deps.now()}) ELSE NULL END,
      in_use = in_use AND ${verified}, updated_at = now()
    WHERE ${ownedBy(deps.sql, scope, 'provider_id')} AND resend_domain_id = ${current.resend_domain_id}
    RETURNING domain, resend_domain_id, status, records, from_local_part, in_use, verified_at, checked_at, created_at`;
  if (!row) throw new ApiError('not_found');
  return { available: true, domain: view(row) };
}

/**
 * Uses the domain for portal e-mails (or stops), and sets the sender's local part.
 * @throws 409 `mail_domain_not_verified` to use a domain that is not verified
 */
export async function updateMailDomain(
  deps: Deps,
  scope: ProviderScope,
  input: MailDomainUpdate,
): Promise<MailDomainState> {
  const { inUse, fromLocalPart } = MailDomainUpdate.parse(input);
  const current = await rowOf(deps.sql, scope);
  if (!current) throw new ApiError('not_found');
  if (inUse && current.status !== 'verified') throw new ApiError('mail_domain_not_verified');
  const [row] = await deps.sql<Row[]>`
    UPDATE mail_domains SET
      in_use = ${inUse ?? current.in_use} AND status = 'verified',
      from_local_part = ${fromLocalPart ?? current.from_local_part}, updated_at = now()
    WHERE ${ownedBy(deps.sql, scope, 'provider_id')}
    RETURNING domain, resend_domain_id, status, records, from_local_part, in_use, verified_at, checked_at, created_at`;
  if (!row) throw new ApiError('not_found');
  return { available: Boolean(deps.config.RESEND_API_KEY), domain: view(row) };
}

/**
 * Removes the domain at Resend, then here: portal e-mails go out from the platform's address again.
 * @throws 404 without a domain, 502 when Resend cannot be reached (the domain stays)
 */
export async function removeMailDomain(deps: Deps, scope: ProviderScope): Promise<void> {
  const current = await rowOf(deps.sql, scope);
  if (!current) throw new ApiError('not_found');
  const domains = resendDomains(deps.config);
  if (domains) {
    try {
      await domains.remove(current.resend_domain_id);
    } catch (err) {
      throw resendApiError(err);
    }
  }
  await deps.sql`
    DELETE FROM mail_domains
    WHERE ${ownedBy(deps.sql, scope, 'provider_id')} AND resend_domain_id = ${current.resend_domain_id}`;
}
