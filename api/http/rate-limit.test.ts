import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, postJson, signUp } from '../auth/testing';
import { createTestContext, type TestContext } from '../testing/harness';
import { hit, RATE_LIMITS } from './rate-limit';

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

describe('limits on the auth routes', () => {
  it('answers 429 rate_limited with Retry-After after 10 sign-in attempts per e-mail in 15 minutes', async () => {
    for (let i = 0; i < RATE_LIMITS.signInEmail.limit; i++) {
      const res = await postJson(
        t,
        '/api/auth/sign-in',
        { email: 'victim@example.com', password: 'guess' },
        { 'X-Forwarded-For': `10.9.0.${i}` },
      );
      expect(res.status).toBe(401);
    }
    const res = await postJson(
      t,
      '/api/auth/sign-in',
      { email: 'victim@example.com', password: PASSWORD },
      { 'X-Forwarded-For': '10.9.1.1' },
    );
    expect(res.status).toBe(429);
    const seconds = Number(res.headers.get('Retry-After'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    const { error } = await res.json();
    expect(error.code).toBe('rate_limited');
    expect(error.message).toBe(`Too many attempts. Please try again in ${seconds} seconds.`);
  });

  it('lets the e-mail sign in again after the window', async () => {
    t.advance(15 * 60_000);
    const res = await postJson(
      t,
      '/api/auth/sign-in',
      { email: 'victim@example.com', password: 'guess' },
      { 'X-Forwarded-For': '10.9.2.1' },
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
  it('turns every limit off', async () => {
    const off = await createTestContext({ RATE_LIMIT_DISABLED: 'true' });
    try {
      for (let i = 0; i < RATE_LIMITS.signInEmail.limit + 2; i++) {
        expect(
          (await postJson(off, '/api/auth/sign-in', { email: 'load@example.com', password: 'x' })).status,
        ).toBe(401);
      }
    } finally {
      await off.close();
    }
  });
});
