import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getSession,
  outbox,
  PASSWORD,
  postJson,
  sessionCookie,
  signedInProvider,
  signUp,
} from '../../auth/testing';
import { createTestContext, type TestContext } from '../../testing/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true' });
  await signedInProvider(t, 'grace@example.com');
});
afterAll(() => t.close());

const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  postJson(t, '/api/auth/sign-in', { email, password }, headers);

describe('sign-in, happy path', () => {
  it('sets an HttpOnly SameSite=Lax session cookie and returns the session', async () => {
    const res = await signIn('grace@example.com', PASSWORD);
    expect(res.status).toBe(200);
    const header = res.headers.getSetCookie()[0] ?? '';
    expect(header).toMatch(/^session=[a-z2-7]+\.[a-z2-7]+;/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/');
    expect(header).not.toContain('Secure');
    const body = await res.json();
    expect(body.user.email).toBe('grace@example.com');
    const { body: session } = await getSession(t, sessionCookie(res));
    expect(session.user?.email).toBe('grace@example.com');
  });
});

describe('sign-in errors', () => {
  it('answers 401 invalid_credentials for a wrong password', async () => {
    const res = await signIn('grace@example.com', 'wrong password');
    expect(res.status).toBe(401);
    expect((await res.json()).error).toMatchObject({
      code: 'invalid_credentials',
      message: 'Invalid email or password',
    });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('answers the same 401 for an unknown e-mail', async () => {
    const res = await signIn('nobody@example.com', PASSWORD);
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('invalid_credentials');
  });

  it('answers 403 email_not_verified for the right password on an unverified account', async () => {
    await signUp(t, 'unverified@example.com');
    const res = await signIn('unverified@example.com', PASSWORD);
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('email_not_verified');
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('resends the verification mail on such a sign-in at most once per 10 minutes', async () => {
    await signUp(t, 'resend@example.com');
    expect(await outbox(t, 'resend@example.com')).toHaveLength(1);
    t.advance(11 * 60_000);
    await signIn('resend@example.com', PASSWORD);
    await signIn('resend@example.com', PASSWORD);
    expect(await outbox(t, 'resend@example.com')).toHaveLength(2);
    t.advance(11 * 60_000);
    await signIn('resend@example.com', PASSWORD);
    expect(await outbox(t, 'resend@example.com')).toHaveLength(3);
  });

  it('does not tell an unverified account apart with a wrong password', async () => {
    const res = await signIn('unverified@example.com', 'wrong password');
    expect(res.status).toBe(401);
  });

  it('answers 422 with field errors for a malformed body', async () => {
    const res = await postJson(t, '/api/auth/sign-in', { email: 'x', password: '' });
    expect(res.status).toBe(422);
    const paths = (await res.json()).error.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'password']));
  });
});
