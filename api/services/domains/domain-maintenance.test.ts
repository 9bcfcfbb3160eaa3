import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxMail } from '../../../shared/contracts/dev';
import { signedInProvider } from '../../auth/testing';
import type { DnsResolver } from '../../http/context';
import { send } from '../../routes/account/testing';
import { createPortal, tempDataDir } from '../../routes/portals/testing';
import { createDnsResolver } from '../../server';
import { startDnsStandIn } from '../../testing/dns-stand-in';
import { createTestContext, type TestContext } from '../../testing/harness';
import {
  DOMAIN_CLAIM_TTL_MS,
  DOMAIN_RECHECK_FAILURES_TO_REVOKE,
  DOMAIN_RECHECK_INTERVAL_MS,
  DOMAIN_RECHECK_RETRY_MS,
} from './domain-policy';
import { purgeStaleDomainClaims } from './purge-domain-claims';
import { recheckVerifiedDomains } from './recheck-domains';

/**
 * Issue 17, finding 16: the two periodic jobs of custom domains, called directly (the job queue schedules
 * them). The re-check asks a real resolver (`node:dns` with `DNS_SERVERS`) that talks to the DNS stand-in.
 */
let t: TestContext;
let dns: Awaited<ReturnType<typeof startDnsStandIn>>;
let resolver: DnsResolver;
let owner: string;
let german: string;
const OWNER = 'recheck-owner@example.com';
const GERMAN = 'recheck-de@example.com';

beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true', DATA_DIR: tempDataDir() });
  dns = await startDnsStandIn();
  resolver = createDnsResolver([dns.address]);
  owner = await signedInProvider(t, OWNER);
  german = await signedInProvider(t, GERMAN);
  const res = await send(t, 'PATCH', '/api/profile', german, { preferredLanguage: 'de', fullName: 'Jörg' });
  expect(res.status).toBe(200);
});
beforeEach(() => {
  t.deps.dns = resolver;
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const record = (domain: string) => `_clientportal-verify.${domain}`;

/** A portal whose custom domain is verified through the API, against the stand-in. */
async function verifiedPortal(cookie: string, domain: string) {
  const { id } = await createPortal(t, cookie, { portalName: `Studio ${domain}` });
  const res = await send(t, 'PUT', `/api/portals/${id}/domain`, cookie, { domain });
  const token: string = (await res.json()).customDomain.records[1].value;
  dns.setTxt(record(domain), ['v=spf1 -all', token]);
  const verified = await send(t, 'POST', `/api/portals/${id}/domain/verify`, cookie);
  expect((await verified.json()).customDomain.status).toBe('verified');
  return { id, cookie, token, domain };
}
async function customDomain(portal: { id: string; cookie: string }) {
  const res = await send(t, 'GET', `/api/portals/${portal.id}`, portal.cookie);
  return (await res.json()).customDomain;
}
/** Caddy's ask, as the proxy makes it (loopback, not forwarded): served or not. */
async function served(domain: string): Promise<boolean> {
  const res = await t.app.request(
    `/api/domains/check?domain=${domain}`,
    {},
    {
      incoming: { socket: { remoteAddress: '127.0.0.1' } },
    },
  );
  return res.status === 200;
}
async function mailsTo(to: string): Promise<OutboxMail[]> {
  const res = await t.app.request(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { mails: OutboxMail[] }).mails.filter((m) => m.kind === 'domain_revoked');
}
/** The time the last `recheckLater` ran at. */
let ranAt = 0;
/** Runs the re-check for the domains due a full interval from now (moving the clock there). */
function recheckLater(ms = DOMAIN_RECHECK_INTERVAL_MS) {
  t.advance(ms);
  const now = t.deps.now();
  ranAt = now.getTime();
  return recheckVerifiedDomains(t.deps, now);
}
/** Makes every other verified domain not due, so a test's run sees only its own. */
async function onlyDue(...ids: string[]) {
  await t.sql`
    UPDATE client_portals SET domain_checked_at = ${new Date(t.deps.now().getTime() + 10 * DOMAIN_RECHECK_INTERVAL_MS)}
    WHERE domain_status = 'verified' AND NOT (id = ANY(${ids}::uuid[]))`;
}

describe('recheckVerifiedDomains', () => {
  it('keeps serving a domain whose record is there, and looks it up again only when due', async () => {
    const portal = await verifiedPortal(owner, 'kept.recheck.example.com');
    await onlyDue(portal.id);
    expect(await recheckVerifiedDomains(t.deps, t.deps.now())).toMatchObject({ checked: 0 });
    const summary = await recheckLater();
    expect(summary).toMatchObject({ checked: 1, served: [portal.id], warned: [], revoked: [] });
    expect(dns.queries.filter((q) => q.name === record(portal.domain)).length).toBe(2);
    expect(await recheckVerifiedDomains(t.deps, t.deps.now())).toMatchObject({ checked: 0 });
    expect(await customDomain(portal)).toMatchObject({ status: 'verified', error: null });
  });

  it('stops serving after two checks in a row find the record gone, and tells the provider', async () => {
    const portal = await verifiedPortal(owner, 'gone.recheck.example.com');
    await onlyDue(portal.id);
    expect(await served(portal.domain)).toBe(true); // now in this instance's cache
    dns.setTxt(record(portal.domain), []); // the name is there, its TXT record is not: ENODATA

    expect(await recheckLater()).toMatchObject({ checked: 1, warned: [portal.id] });
    expect(await served(portal.domain)).toBe(true);
    expect(await customDomain(portal)).toMatchObject({
      status: 'verified',
      error: 'ENODATA',
      revokedAt: null,
    });
    expect(await mailsTo(OWNER)).toHaveLength(0);

    // Confirmed an hour later (not a day): the domain is dropped at once, cache included.
    const summary = await recheckLater(DOMAIN_RECHECK_RETRY_MS);
    expect(summary).toMatchObject({ checked: 1, revoked: [portal.id] });
    expect(await served(portal.domain)).toBe(false);
    const shown = await customDomain(portal);
    expect(shown).toMatchObject({ status: 'failed', error: 'ENODATA' });
    expect(Date.parse(shown.revokedAt)).toBe(ranAt);
    // The claim starts again: the provider has the full time to restore the record.
    expect(Date.parse(shown.expiresAt)).toBe(ranAt + DOMAIN_CLAIM_TTL_MS);

    const [mail] = await mailsTo(OWNER);
    expect(mail?.subject).toBe('Your portal is no longer served at gone.recheck.example.com');
    expect(mail?.text).toContain(`${record(portal.domain)} no longer has a TXT record.`);
    expect(mail?.text).toContain(`http://localhost:3000/dashboard/portals/${portal.id}/domain`);

    // Restoring the record and verifying serves it again.
    dns.setTxt(record(portal.domain), [portal.token]);
    const again = await send(t, 'POST', `/api/portals/${portal.id}/domain/verify`, owner);
    expect((await again.json()).customDomain).toMatchObject({ status: 'verified', revokedAt: null });
    expect(await served(portal.domain)).toBe(true);
  });

  it('mails the notice in the provider’s language, with the reason (a name that no longer exists)', async () => {
    const portal = await verifiedPortal(german, 'weg.recheck.example.com');
    await onlyDue(portal.id);
    dns.remove(record(portal.domain)); // NXDOMAIN: ENOTFOUND
    await recheckLater();
    expect(await recheckLater(DOMAIN_RECHECK_RETRY_MS)).toMatchObject({ revoked: [portal.id] });
    expect(await customDomain(portal)).toMatchObject({ status: 'failed', error: 'ENOTFOUND' });
    const [mail] = await mailsTo(GERMAN);
    expect(mail?.subject).toBe('Ihr Portal ist nicht mehr unter weg.recheck.example.com erreichbar');
    expect(mail?.text).toContain('Hallo Jörg,');
    expect(mail?.text).toContain(`Den Namen ${record(portal.domain)} gibt es im DNS nicht mehr.`);
  });

  it('counts a record without the token as gone, and starts counting again after a check that finds it', async () => {
    const portal = await verifiedPortal(owner, 'flaky.recheck.example.com');
    await onlyDue(portal.id);
    dns.setTxt(record(portal.domain), ['cpv-someone-else']);
    expect(await recheckLater()).toMatchObject({ warned: [portal.id] });
    expect(await customDomain(portal)).toMatchObject({ status: 'verified', error: 'wrong_value' });
    dns.setTxt(record(portal.domain), [portal.token]);
    expect(await recheckLater(DOMAIN_RECHECK_RETRY_MS)).toMatchObject({ served: [portal.id] });
    dns.setTxt(record(portal.domain), ['cpv-someone-else']);
    expect(await recheckLater()).toMatchObject({ warned: [portal.id] });
    expect(await customDomain(portal)).toMatchObject({ status: 'verified' });
    expect(await served(portal.domain)).toBe(true);
  });

  it('never stops serving for lookups that get no answer (our resolver down)', async () => {
    const portal = await verifiedPortal(owner, 'timeout.recheck.example.com');
    await onlyDue(portal.id);
    t.deps.dns = {
      resolveTxt: async (name) => {
        throw Object.assign(new Error(`queryTxt ETIMEOUT ${name}`), { code: 'ETIMEOUT' });
      },
    };
    for (let i = 0; i <= DOMAIN_RECHECK_FAILURES_TO_REVOKE; i++) {
      expect(await recheckLater()).toMatchObject({ checked: 1, served: [portal.id], revoked: [] });
    }
    expect(await customDomain(portal)).toMatchObject({ status: 'verified', error: 'ETIMEOUT' });
    expect(await served(portal.domain)).toBe(true);
  });

  it('looks up a bounded batch, the domains checked longest ago first', async () => {
    const [b1, b2, b3] = [
      await verifiedPortal(owner, 'b1.batch.example.com'),
      await verifiedPortal(owner, 'b2.batch.example.com'),
      await verifiedPortal(owner, 'b3.batch.example.com'),
    ];
    await onlyDue(b1.id, b2.id, b3.id);
    const base = t.deps.now().getTime();
    // b3 was checked longest ago, then b1, then b2.
    for (const [p, minutesAgo] of [
      [b1, 2],
      [b2, 1],
      [b3, 3],
    ] as const) {
      const at = new Date(base - minutesAgo * 60_000);
      await t.sql`UPDATE client_portals SET domain_checked_at = ${at} WHERE id = ${p.id}`;
    }
    t.advance(DOMAIN_RECHECK_INTERVAL_MS);
    const first = await recheckVerifiedDomains(t.deps, t.deps.now(), 2);
    expect(first.checked).toBe(2);
    expect(first.served.sort()).toEqual([b3.id, b1.id].sort());
    const second = await recheckVerifiedDomains(t.deps, t.deps.now(), 2);
    expect(second.served).toEqual([b2.id]);
  });
});

describe('purgeStaleDomainClaims', () => {
  it('removes unverified claims 7 days after they started, and nothing else', async () => {
    const kept = await verifiedPortal(owner, 'kept.purge.example.com');
    const { id } = await createPortal(t, owner);
    await send(t, 'PUT', `/api/portals/${id}/domain`, owner, { domain: 'stale.purge.example.com' });
    const pending = { id, cookie: owner };
    const start = t.deps.now().getTime();

    // Claims of earlier tests (older) may go now; this one is a minute short of its expiry.
    await purgeStaleDomainClaims(t.sql, new Date(start + DOMAIN_CLAIM_TTL_MS - 60_000));
    expect(await customDomain(pending)).toMatchObject({ status: 'pending' });
    expect(await purgeStaleDomainClaims(t.sql, new Date(start + DOMAIN_CLAIM_TTL_MS + 60_000))).toBe(1);
    const [row] = await t.sql<
      { custom_domain: string | null; domain_status: string; token: string | null }[]
    >`
      SELECT custom_domain, domain_status, domain_verification_token AS token FROM client_portals WHERE id = ${id}`;
    expect(row).toEqual({ custom_domain: null, domain_status: 'none', token: null });
    expect(await customDomain(pending)).toBeNull();
    expect(await customDomain(kept)).toMatchObject({ status: 'verified' });
  });
});
