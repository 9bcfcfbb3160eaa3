import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, postJson, signedInProvider, signUp } from '../auth/testing';
import { createTestContext, type TestContext } from '../testing/harness';
import type { AppEnv } from './context';
import { ApiError, onError } from './errors';
import {
  type AddressLimits,
  enforceAddressLimits,
  hit,
  RATE_LIMITS,
  rateLimitSource,
  waitText,
} from './rate-limit';
import { requestContext } from './request-context';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const rule = { name: 'probe', limit: 3, windowMs: 60_000 };

describe('hit (fixed window in PostgreSQL)', () => {
  it('allows up to the limit, then refuses with the seconds left in the window', async () => {
    const now = new Date(Date.UTC(2030, 0, 1, 12, 0, 15));
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hit(t.sql, rule, 'a', now));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.retryAfter).toBe(45);
  });

  it('starts counting again in the next window', async () => {
    const next = new Date(Date.UTC(2030, 0, 1, 12, 1, 0));
    expect(await hit(t.sql, rule, 'a', next)).toMatchObject({ allowed: true, count: 1 });
  });

  it('counts concurrent hits exactly (one atomic upsert)', async () => {
    const now = new Date(Date.UTC(2030, 0, 2));
    const results = await Promise.all(Array.from({ length: 8 }, () => hit(t.sql, rule, 'b', now)));
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

/** A bare app with one route that counts `?email=` under `limits` (the mechanism alone). */
function probeApp(limits: AddressLimits, options: Parameters<typeof enforceAddressLimits>[3] = {}) {
  const app = new Hono<AppEnv>();
  app.onError(onError);
  app.use('*', requestContext(t.deps));
  app.get('/probe', async (c) => {
    await enforceAddressLimits(c, limits, c.req.query('email') ?? '', options);
    return c.json({ ok: true });
  });
  return (email: string, ip: string) =>
    app.request(`/probe?email=${encodeURIComponent(email)}`, { headers: { 'X-Forwarded-For': ip } });
}

const tiers: AddressLimits = {
  perSource: [{ name: 'probe:source', limit: 8, windowMs: 60_000 }],
  perAddressAndSource: [{ name: 'probe:address-source', limit: 2, windowMs: 60_000 }],
  perAddress: [{ name: 'probe:address', limit: 5, windowMs: 60_000 }],
};

describe('enforceAddressLimits (per source, per address from a source, per address)', () => {
  it('refuses a stranger’s source after the tight limit, while the owner’s own source still gets in', async () => {
    const probe = probeApp(tiers);
    expect((await probe('owner@example.com', '192.0.2.1')).status).toBe(200);
    expect((await probe('owner@example.com', '192.0.2.1')).status).toBe(200);
    const refused = await probe('owner@example.com', '192.0.2.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await refused.json()).error.code).toBe('rate_limited');
    // Refused requests add nothing to the address's ceiling: however long the stranger goes on, the owner
    // (from their own network) is still let in.
    for (let i = 0; i < 5; i++) expect((await probe('owner@example.com', '192.0.2.1')).status).toBe(429);
    expect((await probe('owner@example.com', '198.51.100.1')).status).toBe(200);
  });

  it('refuses the address from every source once its looser ceiling is reached', async () => {
    const probe = probeApp(tiers);
    const email = 'ceiling@example.com';
    for (const ip of ['192.0.2.10', '192.0.2.10', '192.0.2.11', '192.0.2.11', '192.0.2.12']) {
      expect((await probe(email, ip)).status).toBe(200);
    }
    expect((await probe(email, '192.0.2.13')).status).toBe(429);
    expect((await probe('another@example.com', '192.0.2.13')).status).toBe(200);
  });

  it('limits one source across addresses', async () => {
    const probe = probeApp(tiers);
    for (let i = 0; i < 8; i++)
      expect((await probe(`sweep-${i}@example.com`, '192.0.2.20')).status).toBe(200);
    expect((await probe('sweep-last@example.com', '192.0.2.20')).status).toBe(429);
  });

  it('counts an IPv6 source by its /64 network, so rotating addresses inside it gets no new budget', async () => {
    const probe = probeApp(tiers);
    expect((await probe('v6@example.com', '2001:db8:1:2::1')).status).toBe(200);
    expect((await probe('v6@example.com', '2001:db8:1:2:ffff::9')).status).toBe(200);
    expect((await probe('v6@example.com', '2001:db8:1:2:abcd:1:2:3')).status).toBe(429);
    expect((await probe('v6@example.com', '2001:db8:1:3::1')).status).toBe(200);
  });

  it('takes another source and another refusal when given (an invitation counts the provider)', async () => {
    const probe = probeApp(tiers, {
      source: 'provider-1',
      refuse: ({ tier, rule, retryAfter }) =>
        new ApiError('invitation_limit', {
          vars: { context: 'address', wait: `${tier} ${rule.limit} ${retryAfter}` },
        }),
    });
    expect((await probe('given@example.com', '192.0.2.30')).status).toBe(200);
    expect((await probe('given@example.com', '192.0.2.31')).status).toBe(200);
    const refused = await probe('given@example.com', '192.0.2.32');
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.message).toMatch(
      /^This e-mail address has received too many invitations\. Please try again in perAddressAndSource 2 \d+\.$/,
    );
  });
});

describe('rateLimitSource and waitText', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and reduces IPv6 to its /64', () => {
    expect(rateLimitSource('203.0.113.9')).toBe('203.0.113.9');
    expect(rateLimitSource('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(rateLimitSource('2001:DB8:0:0:1:2:3:4')).toBe('2001:db8:0:0::/64');
    expect(rateLimitSource('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitSource('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(rateLimitSource('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(rateLimitSource('unknown')).toBe('unknown');
  });

  it('says the wait in whole minutes, with hours past the first, in both languages', () => {
    expect(waitText('en', 1)).toBe('1 minute');
    expect(waitText('en', 12 * 60 - 5)).toBe('12 minutes');
    expect(waitText('en', 2 * 3600 + 4 * 60 + 1)).toBe('2 hours, 5 minutes');
    expect(waitText('en', 3600)).toBe('1 hour');
    expect(waitText('de', 90)).toBe('2 Minuten');
    expect(waitText('de', 23 * 3600)).toBe('23 Stunden');
  });
});

describe('limits on the auth routes', () => {
  it('answers 429 rate_limited after 10 sign-in attempts for one e-mail from one source in 15 minutes', async () => {
    const ip = { 'X-Forwarded-For': '10.9.0.1' };
    for (let i = 0; i < RATE_LIMITS.signInEmailSource.limit; i++) {
      const res = await postJson(
        t,
        '/api/auth/sign-in',
        { email: 'victim@example.com', password: 'guess' },
        ip,
      );
      expect(res.status).toBe(401);
    }
    const res = await postJson(
      t,
      '/api/auth/sign-in',
      { email: 'victim@example.com', password: PASSWORD },
      ip,
    );
    expect(res.status).toBe(429);
    const seconds = Number(res.headers.get('Retry-After'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    const { error } = await res.json();
    expect(error.code).toBe('rate_limited');
    expect(error.message).toBe(`Too many attempts. Please try again in ${seconds} seconds.`);
  });

  it('does not lock the owner out: from their own network the same address still signs in', async () => {
    const email = 'owner-signs-in@example.com';
    await signedInProvider(t, email);
    const stranger = { 'X-Forwarded-For': '10.9.3.1' };
    for (let i = 0; i <= RATE_LIMITS.signInEmailSource.limit; i++) {
      await postJson(t, '/api/auth/sign-in', { email, password: 'guess' }, stranger);
    }
    expect((await postJson(t, '/api/auth/sign-in', { email, password: PASSWORD }, stranger)).status).toBe(
      429,
    );
    const owner = await postJson(
      t,
      '/api/auth/sign-in',
      { email, password: PASSWORD },
      { 'X-Forwarded-For': '10.9.4.1' },
    );
    expect(owner.status).toBe(200);
  });

  it('refuses an address from every source after 100 attempts in an hour (spread over many sources)', async () => {
    const email = 'spread@example.com';
    // 100 attempts from elsewhere, counted as the route counts them (their argon2 checks would take minutes).
    for (let i = 0; i < RATE_LIMITS.signInEmail.limit; i++)
      await hit(t.sql, RATE_LIMITS.signInEmail, email, t.deps.now());
    const res = await postJson(
      t,
      '/api/auth/sign-in',
      { email, password: 'guess' },
      { 'X-Forwarded-For': '10.9.5.1' },
    );
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeLessThanOrEqual(60 * 60);
  });

  it('lets the e-mail sign in again after the window', async () => {
    t.advance(15 * 60_000);
    const res = await postJson(
      t,
      '/api/auth/sign-in',
      { email: 'victim@example.com', password: 'guess' },
      { 'X-Forwarded-For': '10.9.0.1' },
    );
    expect(res.status).toBe(401);
  });

  it('limits sign-in to 50 attempts per 15 minutes per IP across e-mails', async () => {
    const ip = { 'X-Forwarded-For': '10.8.0.1, 203.0.113.9' };
    for (let i = 0; i < RATE_LIMITS.signInIp.limit; i++) {
      expect(
        (await postJson(t, '/api/auth/sign-in', { email: `u${i}@example.com`, password: 'x' }, ip)).status,
      ).toBe(401);
    }
    expect(
      (await postJson(t, '/api/auth/sign-in', { email: 'fresh@example.com', password: 'x' }, ip)).status,
    ).toBe(429);
  });

  it('limits sign-up to 10 per hour per IP', async () => {
    const ip = { 'X-Forwarded-For': '10.7.0.1' };
    for (let i = 0; i < RATE_LIMITS.signUpIp.limit; i++) {
      expect((await signUp(t, `s${i}@example.com`, {}, ip)).status).toBe(201);
    }
    const res = await signUp(t, 'one-more@example.com', {}, ip);
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).not.toBeNull();
  });

  it('limits sign-ups of one address (whose answer tells a registered one) to 5 per hour per source', async () => {
    const email = 'taken-probe@example.com';
    await signedInProvider(t, email);
    const ip = { 'X-Forwarded-For': '10.7.1.1' };
    for (let i = 0; i < RATE_LIMITS.signUpEmailSource.limit; i++) {
      expect((await signUp(t, email, {}, ip)).status).toBe(409);
    }
    expect((await signUp(t, email, {}, ip)).status).toBe(429);
    // From elsewhere the address still gets its answer, until 20 an hour from everywhere together.
    const elsewhere = await signUp(t, email, {}, { 'X-Forwarded-For': '10.7.2.1' });
    expect(elsewhere.status).toBe(409);
    expect((await elsewhere.json()).error.message).toBe('An account with this email already exists');
    const counted = 1 + RATE_LIMITS.signUpEmailSource.limit + 1;
    for (let i = counted; i < RATE_LIMITS.signUpEmail.limit; i++) {
      await hit(t.sql, RATE_LIMITS.signUpEmail, email, t.deps.now());
    }
    expect((await signUp(t, email, {}, { 'X-Forwarded-For': '10.7.3.1' })).status).toBe(429);
  });

  it('answers in German with the seconds filled in', async () => {
    const ip = { 'X-Forwarded-For': '10.7.0.1', 'Accept-Language': 'de' };
    const res = await signUp(t, 'de@example.com', {}, ip);
    const seconds = res.headers.get('Retry-After');
    expect((await res.json()).error.message).toBe(
      `Zu viele Versuche. Bitte versuchen Sie es in ${seconds} Sekunden erneut.`,
    );
  });
});

describe('RATE_LIMIT_DISABLED (load tests only)', () => {
  it('turns every limit off, except a product limit that is always on (invitations)', async () => {
    const off = await createTestContext({ RATE_LIMIT_DISABLED: 'true' });
    try {
      for (let i = 0; i < RATE_LIMITS.signInEmailSource.limit + 2; i++) {
        expect(
          (await postJson(off, '/api/auth/sign-in', { email: 'load@example.com', password: 'x' })).status,
        ).toBe(401);
      }
      const app = new Hono<AppEnv>();
      app.onError(onError);
      app.use('*', requestContext(off.deps));
      app.get('/always', async (c) => {
        await enforceAddressLimits(c, tiers, 'always@example.com', { always: true });
        return c.json({ ok: true });
      });
      expect((await app.request('/always')).status).toBe(200);
      expect((await app.request('/always')).status).toBe(200);
      expect((await app.request('/always')).status).toBe(429);
    } finally {
      await off.close();
    }
    // A second database of its own: slow to make on a busy machine.
  }, 90_000);
});
