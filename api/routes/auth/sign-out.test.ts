import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateUserSessions } from '../../auth/session';
import { getSession, PASSWORD, postJson, sessionCookie, signedInProvider } from '../../auth/testing';
import { createTestContext, type TestContext } from '../../testing/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const signOut = (cookie?: string) =>
  t.app.request('/api/auth/sign-out', {
    method: 'POST',
    headers: { Origin: 'http://localhost:3000', ...(cookie ? { Cookie: cookie } : {}) },
  });

describe('sign-out', () => {
  it('ends the session: the old cookie no longer works and the cookie is cleared', async () => {
    const cookie = await signedInProvider(t, 'out@example.com');
    const res = await signOut(cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.getSetCookie()[0]).toMatch(/^session=;.*Max-Age=0/);
    expect((await getSession(t, cookie)).body).toEqual({ user: null, session: null });
  });

  it('answers 404 session_not_found ("Session not found") for a second sign-out, still clearing the cookie', async () => {
    const cookie = await signedInProvider(t, 'twice@example.com');
    expect((await signOut(cookie)).status).toBe(200);
    const res = await signOut(cookie);
    expect(res.status).toBe(404);
    expect((await res.json()).error).toMatchObject({
      code: 'session_not_found',
      message: 'Session not found',
    });
    expect(res.headers.getSetCookie()[0]).toMatch(/^session=;/);
  });

  it('answers 404 session_not_found without any cookie', async () => {
    expect((await signOut()).status).toBe(404);
  });

  it('ends only the signed-out session, not the user’s other devices', async () => {
    const phone = await signedInProvider(t, 'devices@example.com');
    const laptop = sessionCookie(
      await postJson(t, '/api/auth/sign-in', { email: 'devices@example.com', password: PASSWORD }),
    );
    expect((await signOut(phone)).status).toBe(200);
    expect((await getSession(t, laptop)).body.user?.email).toBe('devices@example.com');
  });
});

describe('invalidateUserSessions', () => {
  it('ends every session of the user except the one kept', async () => {
    const a = await signedInProvider(t, 'pw@example.com');
    const b = sessionCookie(
      await postJson(t, '/api/auth/sign-in', { email: 'pw@example.com', password: PASSWORD }),
    );
    const c = sessionCookie(
      await postJson(t, '/api/auth/sign-in', { email: 'pw@example.com', password: PASSWORD }),
    );
    const keep = (await getSession(t, a)).body;
    const ended = await invalidateUserSessions(t.sql, String(keep.user?.id), String(keep.session?.id));
    expect(ended).toBe(2);
    expect((await getSession(t, a)).body.user).not.toBeNull();
    expect((await getSession(t, b)).body.user).toBeNull();
    expect((await getSession(t, c)).body.user).toBeNull();
  });
});
