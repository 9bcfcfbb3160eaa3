import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSession, postJson, signedInProvider } from '../../auth/testing';
import { createTestContext, type TestContext } from '../../testing/harness';

/** A session's `expiresAt` (ISO 8601) in seconds since the epoch; 0 for none. */
const secondsOf = (session?: { expiresAt: string } | null) =>
  session ? Math.floor(Date.parse(session.expiresAt) / 1000) : 0;

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const nowSeconds = () => Math.floor(t.deps.now().getTime() / 1000);
const refresh = (cookie?: string) => postJson(t, '/api/auth/refresh', {}, cookie ? { Cookie: cookie } : {});

describe('GET /api/auth/session', () => {
  it('answers nulls, not 401, when signed out, and is not cacheable', async () => {
    const { res, body } = await getSession(t);
    expect(res.status).toBe(200);
    expect(body).toEqual({ user: null, session: null });
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('answers nulls for a forged or malformed cookie', async () => {
    const cookie = await signedInProvider(t, 'forge@example.com');
    const [name, token = ''] = cookie.split('=');
    const [id] = token.split('.');
    for (const bad of [`${name}=${id}.${'a'.repeat(32)}`, `${name}=${id}`, `${name}=garbage`]) {
      expect((await getSession(t, bad)).body).toEqual({ user: null, session: null });
    }
  });

  it('returns the user and the session with expiresAt in ISO 8601, 30 days ahead', async () => {
    const cookie = await signedInProvider(t, 'sess@example.com');
    const { body } = await getSession(t, cookie);
    expect(body.user).toMatchObject({
      email: 'sess@example.com',
      emailVerified: true,
      preferredLanguage: 'en',
    });
    const expiresAt = secondsOf(body.session);
    expect(body.session?.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(expiresAt - nowSeconds()).toBeGreaterThanOrEqual(30 * 86_400 - 5);
    expect(expiresAt - nowSeconds()).toBeLessThanOrEqual(30 * 86_400);
  });
});

describe('sliding expiry', () => {
  it('does not write while more than 15 days remain, and slides once fewer remain', async () => {
    const cookie = await signedInProvider(t, 'slide@example.com');
    const first = secondsOf((await getSession(t, cookie)).body.session);

    t.advance(10 * DAY);
    const early = await getSession(t, cookie);
    expect(secondsOf(early.body.session)).toBe(first);
    expect(early.res.headers.getSetCookie()).toEqual([]);

    t.advance(6 * DAY); // 14 days left
    const late = await getSession(t, cookie);
    expect(secondsOf(late.body.session)).toBeGreaterThan(first);
    expect(secondsOf(late.body.session) - nowSeconds()).toBeGreaterThanOrEqual(30 * 86_400 - 5);
    expect(late.res.headers.getSetCookie()[0]).toMatch(/^session=.+Expires=/);
  });

  it('ends a session that was not used for 30 days and deletes it', async () => {
    const cookie = await signedInProvider(t, 'idle@example.com');
    const id = (await getSession(t, cookie)).body.session?.id;
    t.advance(30 * DAY + 1000);
    expect((await getSession(t, cookie)).body).toEqual({ user: null, session: null });
    const rows = await t.sql`SELECT 1 FROM user_sessions WHERE id = ${String(id)}`;
    expect(rows).toHaveLength(0);
  });

  it('caps a session at 90 days from sign-in, however often it is used', async () => {
    const cookie = await signedInProvider(t, 'cap@example.com');
    const created = nowSeconds();
    for (let i = 0; i < 6; i++) {
      t.advance(14 * DAY); // used every 14 days: always slid, never idle-expired
      expect((await getSession(t, cookie)).body.user).not.toBeNull();
    }
    const { body } = await getSession(t, cookie); // day 84: the expiry stops at the cap
    const cap = created + 90 * 86_400;
    expect(secondsOf(body.session)).toBeGreaterThan(cap - 5);
    expect(secondsOf(body.session)).toBeLessThanOrEqual(cap);
    t.advance(6 * DAY + 5000);
    expect((await getSession(t, cookie)).body.session).toBeNull();
  });
});

describe('POST /api/auth/refresh', () => {
  it('slides the expiry even when more than 15 days remain', async () => {
    const cookie = await signedInProvider(t, 'refresh@example.com');
    const before = secondsOf((await getSession(t, cookie)).body.session);
    t.advance(2 * DAY);
    const res = await refresh(cookie);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(secondsOf(body.session)).toBeGreaterThanOrEqual(before + 2 * 86_400 - 5);
    expect(res.headers.getSetCookie()[0]).toMatch(/^session=/);
    expect(secondsOf((await getSession(t, cookie)).body.session)).toBe(secondsOf(body.session));
  });

  it('answers 401 without a valid session', async () => {
    const res = await refresh();
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('unauthorized');
    expect((await refresh('session=nope.nope')).status).toBe(401);
  });
});
