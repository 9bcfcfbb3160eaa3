import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInProvider } from '../../auth/testing';
import { DOMAIN_VERIFY_LIMITS } from '../../services/domains/domain-policy';
import { createTestContext, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';
import { createPortal, tempDataDir } from '../portals/testing';

/** Issue 17, finding 18: every verification makes DNS lookups, so it is rate limited. */
let t: TestContext;
let lookups = 0;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true', DATA_DIR: tempDataDir() });
  t.deps.dns = {
    async resolveTxt(name) {
      lookups += 1;
      throw Object.assign(new Error(`queryTxt ENODATA ${name}`), { code: 'ENODATA' });
    },
  };
});
afterAll(() => t.close());

const WINDOW = DOMAIN_VERIFY_LIMITS.portal.windowMs;

/** Moves the clock to the start of a fresh rate-limit window, so no test straddles two. */
function freshWindow() {
  const now = t.deps.now().getTime();
  t.advance(WINDOW - (now % WINDOW) + 1000);
}

async function portalWithDomain(cookie: string, domain: string) {
  const { id } = await createPortal(t, cookie);
  expect((await send(t, 'PUT', `/api/portals/${id}/domain`, cookie, { domain })).status).toBe(200);
  return id;
}
const verify = (id: string, cookie: string, headers: Record<string, string> = {}) =>
  send(t, 'POST', `/api/portals/${id}/domain/verify`, cookie, undefined, headers);

describe('POST /api/portals/{id}/domain/verify: rate limit', () => {
  it('allows 10 verifications of a portal in 10 minutes, then answers a translated 429 with the wait', async () => {
    freshWindow();
    const cookie = await signedInProvider(t, 'limit-portal@example.com');
    const a = await portalWithDomain(cookie, 'limited.example.com');
    const b = await portalWithDomain(cookie, 'other.example.com');
    for (let i = 0; i < DOMAIN_VERIFY_LIMITS.portal.limit; i++)
      expect((await verify(a, cookie)).status).toBe(200);
    const before = lookups;
    const limited = await verify(a, cookie);
    expect(limited.status).toBe(429);
    expect(lookups, 'no DNS lookup once limited').toBe(before);
    const retryAfter = Number(limited.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW / 1000);
    const body = (await limited.json()).error;
    expect(body.code).toBe('rate_limited');
    expect(body.message).toBe(`Too many attempts. Please try again in ${retryAfter} seconds.`);
    const german = await verify(a, cookie, { 'Accept-Language': 'de' });
    expect((await german.json()).error.message).toMatch(
      /^Zu viele Versuche\. Bitte versuchen Sie es in \d+ Sekunden erneut\.$/,
    );
    // Another portal of the same provider has its own budget; the window's end frees this one.
    expect((await verify(b, cookie)).status).toBe(200);
    t.advance(retryAfter * 1000);
    expect((await verify(a, cookie)).status).toBe(200);
  });

  it('limits a provider across portals to 30 verifications in 10 minutes', async () => {
    freshWindow();
    const cookie = await signedInProvider(t, 'limit-provider@example.com');
    const portals = [];
    for (let i = 0; i < 4; i++) portals.push(await portalWithDomain(cookie, `p${i}.limit.example.com`));
    for (const id of portals.slice(0, 3)) {
      for (let i = 0; i < DOMAIN_VERIFY_LIMITS.portal.limit; i++)
        expect((await verify(id, cookie)).status).toBe(200);
    }
    const res = await verify(portals[3] ?? '', cookie);
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).not.toBeNull();
  });

  it('does not let another account spend a portal’s budget by sending its id', async () => {
    freshWindow();
    const cookie = await signedInProvider(t, 'limit-victim@example.com');
    const stranger = await signedInProvider(t, 'limit-stranger@example.com');
    const id = await portalWithDomain(cookie, 'victim.example.com');
    for (let i = 0; i < DOMAIN_VERIFY_LIMITS.portal.limit + 2; i++) {
      expect([404, 429]).toContain((await verify(id, stranger)).status);
    }
    expect((await verify(id, cookie)).status).toBe(200);
  });
});
