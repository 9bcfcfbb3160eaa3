import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, PASSWORD, postJson, signedInProvider } from '../../auth/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { anotherDevice, isSignedIn, send } from './testing';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const NEW = 'battery staple horse';
const change = (cookie: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  send(t, 'POST', '/api/account/password', cookie, body, { 'X-Forwarded-For': freshIp(), ...headers });

describe('POST /api/account/password: security', () => {
  it('answers 401 when signed out', async () => {
    const res = await change(undefined, {
      currentPassword: PASSWORD,
      newPassword: NEW,
      confirmPassword: NEW,
    });
    expect(res.status).toBe(401);
  });

  it('changes only the caller’s password', async () => {
    const a = await signedInProvider(t, 'pw-a@example.com');
    await signedInProvider(t, 'pw-b@example.com');
    expect(
      (await change(a, { currentPassword: PASSWORD, newPassword: NEW, confirmPassword: NEW })).status,
    ).toBe(200);
    const signIn = (email: string, password: string) =>
      postJson(t, '/api/auth/sign-in', { email, password }, { 'X-Forwarded-For': freshIp() });
    expect((await signIn('pw-b@example.com', PASSWORD)).status).toBe(200);
    expect((await signIn('pw-b@example.com', NEW)).status).toBe(401);
  });

  it('limits wrong attempts like sign-in: the 11th within 15 minutes answers 429', async () => {
    const cookie = await signedInProvider(t, 'pw-brute@example.com');
    const wrong = { currentPassword: 'guess', newPassword: NEW, confirmPassword: NEW };
    for (let i = 0; i < 10; i++) expect((await change(cookie, wrong)).status).toBe(422);
    const res = await change(cookie, wrong);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});

describe('POST /api/account/password', () => {
  it('sets the new password and ends every other session, keeping the current one', async () => {
    const current = await signedInProvider(t, 'pw-ok@example.com');
    const phone = await anotherDevice(t, 'pw-ok@example.com');
    const tablet = await anotherDevice(t, 'pw-ok@example.com');
    const res = await change(current, { currentPassword: PASSWORD, newPassword: NEW, confirmPassword: NEW });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, endedSessions: 2 });
    expect(await isSignedIn(t, current)).toBe(true);
    expect(await isSignedIn(t, phone)).toBe(false);
    expect(await isSignedIn(t, tablet)).toBe(false);
    const signIn = (password: string) =>
      postJson(
        t,
        '/api/auth/sign-in',
        { email: 'pw-ok@example.com', password },
        { 'X-Forwarded-For': freshIp() },
      );
    expect((await signIn(PASSWORD)).status).toBe(401);
    expect((await signIn(NEW)).status).toBe(200);
  });

  it('answers 422 wrong_password on the current-password field and changes nothing', async () => {
    const cookie = await signedInProvider(t, 'pw-wrong@example.com');
    const phone = await anotherDevice(t, 'pw-wrong@example.com');
    const res = await change(cookie, { currentPassword: 'not it', newPassword: NEW, confirmPassword: NEW });
    expect(res.status).toBe(422);
    const { error } = await res.json();
    expect(error.code).toBe('wrong_password');
    expect(error.fields).toEqual([expect.objectContaining({ path: 'currentPassword' })]);
    expect(await isSignedIn(t, phone)).toBe(true);
  });

  it.each([
    [
      { currentPassword: PASSWORD, newPassword: '12345', confirmPassword: '12345' },
      'newPassword',
      'validation.passwordTooShort',
    ],
    [
      { currentPassword: PASSWORD, newPassword: NEW, confirmPassword: `${NEW}!` },
      'confirmPassword',
      'validation.passwordsDoNotMatch',
    ],
    [
      { currentPassword: '', newPassword: NEW, confirmPassword: NEW },
      'currentPassword',
      'validation.passwordRequired',
    ],
    [{ newPassword: NEW, confirmPassword: NEW }, 'currentPassword', 'validation.passwordRequired'],
    [
      { currentPassword: PASSWORD, newPassword: 'Qwerty123', confirmPassword: 'Qwerty123' },
      'newPassword',
      'validation.passwordTooCommon',
    ],
  ])('rejects %j with 422 on %s', async (body, path, key) => {
    const cookie = await signedInProvider(t, `pw-invalid-${Math.random().toString(36).slice(2)}@example.com`);
    const res = await change(cookie, body);
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields).toContainEqual(expect.objectContaining({ path, key }));
  });

  it('says "Passwords do not match" in English and German', async () => {
    const cookie = await signedInProvider(t, 'pw-de@example.com');
    const body = { currentPassword: PASSWORD, newPassword: NEW, confirmPassword: 'other one' };
    const en = await (await change(cookie, body)).json();
    const de = await (await change(cookie, body, { 'Accept-Language': 'de' })).json();
    expect(en.error.fields[0].message).toBe('Passwords do not match');
    expect(de.error.fields[0].message).toBe('Die Passwörter stimmen nicht überein');
  });
});
