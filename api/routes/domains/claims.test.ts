import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInProvider } from '../../auth/testing';
import { DOMAIN_CLAIM_TTL_MS } from '../../services/domains/domain-policy';
import { createTestContext, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';
import { createPortal, tempDataDir } from '../portals/testing';

/**
 * Issue 17, finding 16: a claim is not ownership. Unverified claims of one domain coexist, the first
 * verification wins (decided by the database), the others read as taken, and unverified claims expire.
 */
let t: TestContext;
let owner: string;
let squatter: string;
/** TXT values the stub resolver answers with, by record name; a name not set does not exist. */
const zone = new Map<string, string[]>();
/** Record names the stub was asked for, in order. */
const lookups: string[] = [];
/** Lookups of this name wait until `parties` of them are in flight, then all answer at once. */
let barrier: {
  name: string;
  parties: number;
  arrived: number;
  open: () => void;
  opened: Promise<void>;
} | null = null;

beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true', DATA_DIR: tempDataDir() });
  t.deps.dns = {
    async resolveTxt(name) {
      lookups.push(name);
      if (barrier?.name === name) {
        barrier.arrived += 1;
        if (barrier.arrived === barrier.parties) barrier.open();
        await barrier.opened;
      }
      const values = zone.get(name);
      if (!values) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      return values.map((v) => [v]);
    },
  };
  owner = await signedInProvider(t, 'claims-owner@example.com');
  squatter = await signedInProvider(t, 'claims-squatter@example.com');
});
afterAll(() => t.close());

interface CustomDomain {
  domain: string;
  status: string;
  records: { type: string; name: string; value: string }[];
  error: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
}

async function claim(cookie: string, domain: string) {
  const portal = await createPortal(t, cookie);
  const res = await send(t, 'PUT', `/api/portals/${portal.id}/domain`, cookie, { domain });
  expect(res.status).toBe(200);
  const { customDomain } = (await res.json()) as { customDomain: CustomDomain };
  return { id: portal.id, cookie, token: customDomain.records[1]?.value ?? '', customDomain };
}
async function verify(portal: { id: string; cookie: string }): Promise<CustomDomain> {
  const res = await send(t, 'POST', `/api/portals/${portal.id}/domain/verify`, portal.cookie);
  expect(res.status).toBe(200);
  return (await res.json()).customDomain;
}
async function read(portal: { id: string; cookie: string }): Promise<CustomDomain | null> {
  const res = await send(t, 'GET', `/api/portals/${portal.id}`, portal.cookie);
  expect(res.status).toBe(200);
  return (await res.json()).customDomain;
}

describe('custom-domain claims: the first to verify wins', () => {
  it('lets several portals claim the same unverified domain, each with its own token', async () => {
    const a = await claim(squatter, 'shared.example.com');
    const b = await claim(owner, 'shared.example.com');
    const c = await claim(owner, 'shared.example.com');
    expect(new Set([a.token, b.token, c.token]).size).toBe(3);
    for (const p of [a, b, c]) expect(p.customDomain).toMatchObject({ status: 'pending', revokedAt: null });
  });

  it('does not let a claim someone never verifies keep the real owner from verifying', async () => {
    const name = '_clientportal-verify.owned.example.com';
    const squat = await claim(squatter, 'owned.example.com');
    const real = await claim(owner, 'owned.example.com');
    zone.set(name, [real.token]);
    expect(await verify(real)).toMatchObject({ status: 'verified', error: null, expiresAt: null });
    // The loser's claim now says why it cannot be verified, and verifying it asks DNS nothing.
    expect(await read(squat)).toMatchObject({ status: 'taken', domain: 'owned.example.com' });
    const before = lookups.length;
    expect(await verify(squat)).toMatchObject({ status: 'taken' });
    expect(lookups.length).toBe(before);
    // The winner's domain is served; the loser's portal is not.
    const check = await t.app.request('/api/domains/check?domain=owned.example.com');
    expect(check.status).toBe(200);
  });

  it('lets exactly one of two verifications racing for one domain win, as the database decides', async () => {
    const name = '_clientportal-verify.race.example.com';
    const a = await claim(owner, 'race.example.com');
    const b = await claim(squatter, 'race.example.com');
    // Both tokens are in the record, and both lookups answer only once both are in flight: each request
    // has passed every check in code before either writes.
    zone.set(name, [a.token, b.token]);
    let open = () => {};
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    barrier = { name, parties: 2, arrived: 0, open, opened };
    const results = await Promise.all([verify(a), verify(b)]);
    barrier = null;
    expect(results.map((r) => r.status).sort()).toEqual(['taken', 'verified']);
    const [row] = await t.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM client_portals
      WHERE custom_domain = 'race.example.com' AND domain_status = 'verified'`;
    expect(row?.n).toBe(1);
  });

  it('lets a taken claim verify once the winner removes the domain', async () => {
    const name = '_clientportal-verify.handover.example.com';
    const first = await claim(squatter, 'handover.example.com');
    const second = await claim(owner, 'handover.example.com');
    zone.set(name, [first.token, second.token]);
    expect(await verify(first)).toMatchObject({ status: 'verified' });
    expect(await read(second)).toMatchObject({ status: 'taken' });
    expect((await send(t, 'DELETE', `/api/portals/${first.id}/domain`, squatter)).status).toBe(200);
    expect(await read(second)).toMatchObject({ status: 'pending' });
    expect(await verify(second)).toMatchObject({ status: 'verified' });
  });

  it('refuses a domain for another portal once it is verified, even of the same provider', async () => {
    const name = '_clientportal-verify.mine.example.com';
    const a = await claim(owner, 'mine.example.com');
    zone.set(name, [a.token]);
    await verify(a);
    const other = await createPortal(t, owner);
    const res = await send(t, 'PUT', `/api/portals/${other.id}/domain`, owner, {
      domain: 'mine.example.com',
    });
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe('domain_taken');
  });
});

describe('custom-domain claims expire', () => {
  // Last in the file: it moves the clock a week.
  it('ends an unverified claim 7 days after it started, when read and on verify; verified domains stay', async () => {
    const before = t.deps.now().getTime();
    const pending = await claim(owner, 'stale.example.com');
    const expiresAt = Date.parse(pending.customDomain.expiresAt ?? '');
    expect(expiresAt).toBeGreaterThanOrEqual(before + DOMAIN_CLAIM_TTL_MS);
    expect(expiresAt).toBeLessThanOrEqual(t.deps.now().getTime() + DOMAIN_CLAIM_TTL_MS);
    const failed = await claim(owner, 'stale-failed.example.com');
    expect(await verify(failed)).toMatchObject({ status: 'failed', error: 'ENOTFOUND' });
    const kept = await claim(owner, 'kept.example.com');
    zone.set('_clientportal-verify.kept.example.com', [kept.token]);
    await verify(kept);

    t.advance(DOMAIN_CLAIM_TTL_MS - 60_000);
    expect(await read(pending)).toMatchObject({ status: 'pending' });
    t.advance(60_000);
    expect(await read(pending)).toBeNull();
    expect(await read(failed)).toBeNull();
    expect(await read(kept)).toMatchObject({ status: 'verified' });
    const res = await send(t, 'POST', `/api/portals/${pending.id}/domain/verify`, owner);
    expect(res.status).toBe(404);

    // Claiming the domain again starts a new claim with a new token.
    const again = await send(t, 'PUT', `/api/portals/${pending.id}/domain`, owner, {
      domain: 'stale.example.com',
    });
    const renewed = (await again.json()).customDomain as CustomDomain;
    expect(renewed.status).toBe('pending');
    expect(renewed.records[1]?.value).not.toBe(pending.token);
    expect(Date.parse(renewed.expiresAt ?? '')).toBeGreaterThan(t.deps.now().getTime());
  });
});
