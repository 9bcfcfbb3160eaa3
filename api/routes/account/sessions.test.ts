import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInProvider } from '../../auth/testing';
import { maskIp } from '../../services/account/sessions';
import { createTestContext, type TestContext } from '../../testing/harness';
import { anotherDevice, isSignedIn, send } from './testing';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const idOf = (cookie: string) => (cookie.split('=')[1] ?? '').split('.')[0] ?? '';
const list = async (cookie?: string) => {
  const res = await t.app.request('/api/account/sessions', { headers: cookie ? { Cookie: cookie } : {} });
  return { res, body: await res.json() };
};
const endOne = (cookie: string | undefined, id: string) =>
  send(t, 'DELETE', `/api/account/sessions/${encodeURIComponent(id)}`, cookie);
const everywhere = (cookie?: string) => send(t, 'POST', '/api/account/sessions/sign-out-everywhere', cookie);

describe('account sessions: security', () => {
  it('answers 401 to all three routes when signed out', async () => {
    expect((await list()).res.status).toBe(401);
    expect((await endOne(undefined, 'abc')).status).toBe(401);
    expect((await everywhere()).status).toBe(401);
  });

  it('never lists or ends another user’s sessions (404 session_not_found, session kept)', async () => {
    const a = await signedInProvider(t, 'sess-a@example.com');
    const b = await signedInProvider(t, 'sess-b@example.com');
    expect((await list(a)).body.items.map((s: { id: string }) => s.id)).toEqual([idOf(a)]);
    const res = await endOne(a, idOf(b));
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('session_not_found');
    expect(await isSignedIn(t, b)).toBe(true);
  });

  it('ends only the caller’s sessions when signing out everywhere', async () => {
    const a = await signedInProvider(t, 'every-a@example.com');
    const b = await signedInProvider(t, 'every-b@example.com');
    expect((await everywhere(a)).status).toBe(200);
    expect(await isSignedIn(t, b)).toBe(true);
  });
});

describe('GET /api/account/sessions', () => {
  it('lists live sessions with masked IPs, the current one marked, and never the secret', async () => {
    const current = await signedInProvider(t, 'list@example.com');
    const phone = await anotherDevice(t, 'list@example.com', 'Phone/2.0');
    const { res, body } = await list(current);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(body.items).toHaveLength(2);
    const mine = body.items.find((s: { current: boolean }) => s.current);
    const other = body.items.find((s: { current: boolean }) => !s.current);
    expect(mine.id).toBe(idOf(current));
    expect(other).toMatchObject({
      id: idOf(phone),
      userAgent: 'Phone/2.0',
      ip: expect.stringMatching(/^10\.0\.\d+\.x$/),
    });
    for (const s of body.items) {
      expect(Object.keys(s).sort()).toEqual([
        'createdAt',
        'current',
        'expiresAt',
        'id',
        'ip',
        'lastSeenAt',
        'userAgent',
      ]);
      expect(new Date(s.expiresAt).getTime()).toBeGreaterThan(Date.now());
    }
    const raw = JSON.stringify(body);
    for (const cookie of [current, phone])
      expect(raw).not.toContain((cookie.split('=')[1] ?? '').split('.')[1]);
  });

  it('leaves out expired sessions', async () => {
    const cookie = await signedInProvider(t, 'expired@example.com');
    const old = await anotherDevice(t, 'expired@example.com');
    await t.sql`UPDATE user_sessions SET expires_at = now() - interval '1 minute' WHERE id = ${idOf(old)}`;
    expect((await list(cookie)).body.items.map((s: { id: string }) => s.id)).toEqual([idOf(cookie)]);
  });
});

describe('DELETE /api/account/sessions/{id}', () => {
  it('ends another device’s session and keeps the current one', async () => {
    const current = await signedInProvider(t, 'end@example.com');
    const laptop = await anotherDevice(t, 'end@example.com');
    const res = await endOne(current, idOf(laptop));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(await isSignedIn(t, laptop)).toBe(false);
    expect(await isSignedIn(t, current)).toBe(true);
    expect((await endOne(current, idOf(laptop))).status).toBe(404);
  });

  it('clears the cookie when the current session is the one ended', async () => {
    const current = await signedInProvider(t, 'end-self@example.com');
    const res = await endOne(current, idOf(current));
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join()).toMatch(/^session=;/);
    expect(await isSignedIn(t, current)).toBe(false);
  });

  it('rejects an over-long id with 422', async () => {
    const cookie = await signedInProvider(t, 'long-id@example.com');
    expect((await endOne(cookie, 'x'.repeat(65))).status).toBe(422);
  });
});

describe('POST /api/account/sessions/sign-out-everywhere', () => {
  it('ends every session including the current one and clears the cookie', async () => {
    const current = await signedInProvider(t, 'all@example.com');
    const phone = await anotherDevice(t, 'all@example.com');
    const res = await everywhere(current);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, endedSessions: 2 });
    expect(res.headers.getSetCookie().join()).toMatch(/^session=;/);
    expect(await isSignedIn(t, current)).toBe(false);
    expect(await isSignedIn(t, phone)).toBe(false);
  });
});

describe('maskIp', () => {
  it.each([
    ['203.0.113.42', '203.0.113.x'],
    ['::ffff:192.168.1.20', '192.168.1.x'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3::x'],
    ['2001:db8::1', '2001:db8::x'],
    ['unknown', null],
    [null, null],
  ])('masks %s as %s', (ip, masked) => {
    expect(maskIp(ip)).toBe(masked);
  });
});
