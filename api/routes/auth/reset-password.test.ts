import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMail } from '../../../shared/contracts/dev';
import {
  freshIp,
  getSession,
  latestVerificationToken,
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
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a brand new secret';
const MINUTE = 60_000;

const forgot = (email: string, headers: Record<string, string> = {}) =>
  postJson(t, '/api/auth/forgot-password', { email }, { 'X-Forwarded-For': freshIp(), ...headers });

const reset = (token: string, password = NEW_PASSWORD, headers: Record<string, string> = {}) =>
  postJson(
    t,
    '/api/auth/reset-password',
    { token, newPassword: password, confirmPassword: password },
    { 'X-Forwarded-For': freshIp(), ...headers },
  );

const signIn = (email: string, password: string) =>
  postJson(t, '/api/auth/sign-in', { email, password }, { 'X-Forwarded-For': freshIp() });

/** Reset mails to `to`, newest first; the mail goes out after the answer, so wait for `count` of them. */
async function resetMails(to: string, count = 1): Promise<OutboxMail[]> {
  for (let i = 0; i < 100; i++) {
    const mails = (await outbox(t, to)).filter((m) => m.kind === 'password_reset');
    if (mails.length >= count) return mails;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no reset mail for ${to}`);
}

async function latestResetToken(to: string, count = 1): Promise<string> {
  const [mail] = await resetMails(to, count);
  const token = mail?.text.match(/\/auth\/reset-password\?token=([\w%-]+)/)?.[1];
  expect(token, `a reset link was mailed to ${to}`).toBeDefined();
  return decodeURIComponent(token ?? '');
}

describe('forgot password → mailed link → new password', () => {
  it('mails a one-hour link in the account’s language, with its own subject', async () => {
    await signedInProvider(t, 'ada@example.com');
    const res = await forgot('Ada@Example.com');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const [mail] = await resetMails('ada@example.com');
    expect(mail?.subject).toBe('Reset your password');
    expect(mail?.text).toContain('http://localhost:3000/auth/reset-password?token=');
    expect(mail?.text).toContain('This link is valid for 1 hour and can be used once.');

    await signUp(t, 'jorg@example.com', { language: 'de' });
    await forgot('jorg@example.com');
    expect((await resetMails('jorg@example.com'))[0]?.subject).toBe('Setzen Sie Ihr Passwort zurück');
  });

  it('sets the new password, ends EVERY session and leaves this browser signed out', async () => {
    const phone = await signedInProvider(t, 'grace@example.com');
    const laptop = sessionCookie(await signIn('grace@example.com', PASSWORD));
    await forgot('grace@example.com');
    const token = await latestResetToken('grace@example.com');

    const res = await reset(token, NEW_PASSWORD, { Cookie: laptop });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, email: 'grace@example.com' });
    expect(res.headers.getSetCookie()[0]).toMatch(/^session=;/);
    expect((await getSession(t, phone)).body.user).toBeNull();
    expect((await getSession(t, laptop)).body.user).toBeNull();

    expect((await signIn('grace@example.com', PASSWORD)).status).toBe(401);
    expect((await signIn('grace@example.com', NEW_PASSWORD)).status).toBe(200);
  });

  it('marks an unverified address verified: the link proves the mailbox', async () => {
    await signUp(t, 'unverified@example.com');
    const verification = await latestVerificationToken(t, 'unverified@example.com');
    await forgot('unverified@example.com');
    expect((await reset(await latestResetToken('unverified@example.com'))).status).toBe(200);
    const res = await signIn('unverified@example.com', NEW_PASSWORD);
    expect(res.status).toBe(200);
    expect((await res.json()).user.emailVerified).toBe(true);
    // The outstanding verification link has nothing left to do.
    const status = await postJson(t, '/api/auth/verify-email/status', { token: verification });
    expect(await status.json()).toEqual({ state: 'verified', email: 'unverified@example.com' });
  });

  it('takes an account back from whoever set its password at sign-up (finding 1)', async () => {
    await signUp(t, 'owner@example.com', { password: 'attacker secret', confirmPassword: 'attacker secret' });
    await forgot('owner@example.com');
    expect((await reset(await latestResetToken('owner@example.com'))).status).toBe(200);
    expect((await signIn('owner@example.com', 'attacker secret')).status).toBe(401);
  });
});

describe('reset links', () => {
  it('work once', async () => {
    await signedInProvider(t, 'once@example.com');
    await forgot('once@example.com');
    const token = await latestResetToken('once@example.com');
    expect((await reset(token)).status).toBe(200);
    const again = await reset(token, 'yet another secret');
    expect(again.status).toBe(400);
    expect((await again.json()).error.code).toBe('invalid_token');
    expect((await signIn('once@example.com', NEW_PASSWORD)).status).toBe(200);
  });

  it('expire after one hour', async () => {
    await signedInProvider(t, 'late@example.com');
    await forgot('late@example.com');
    const token = await latestResetToken('late@example.com');
    t.advance(60 * MINUTE + 1000);
    expect((await reset(token)).status).toBe(400);
    expect((await signIn('late@example.com', PASSWORD)).status).toBe(200);
  });

  it('are still valid just before the hour', async () => {
    await signedInProvider(t, 'intime@example.com');
    await forgot('intime@example.com');
    const token = await latestResetToken('intime@example.com');
    t.advance(59 * MINUTE);
    expect((await reset(token)).status).toBe(200);
  });

  it('are voided by a newer one', async () => {
    await signedInProvider(t, 'twice@example.com');
    await forgot('twice@example.com');
    const first = await latestResetToken('twice@example.com');
    await forgot('twice@example.com');
    const second = await latestResetToken('twice@example.com', 2);
    expect(second).not.toBe(first);
    expect((await reset(first)).status).toBe(400);
    expect((await reset(second)).status).toBe(200);
  });

  it('are voided by a password change', async () => {
    const cookie = await signedInProvider(t, 'change@example.com');
    await forgot('change@example.com');
    const token = await latestResetToken('change@example.com');
    const change = await postJson(
      t,
      '/api/account/password',
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { Cookie: cookie, 'X-Forwarded-For': freshIp() },
    );
    expect(change.status).toBe(200);
    expect((await reset(token, 'the thief wants this')).status).toBe(400);
  });

  it('are stored only as a sha256 hash', async () => {
    await signedInProvider(t, 'hash@example.com');
    await forgot('hash@example.com');
    const token = await latestResetToken('hash@example.com');
    const rows = await t.sql<{ token_hash: Buffer }[]>`SELECT token_hash FROM password_reset_tokens`;
    const { createHash } = await import('node:crypto');
    const expected = createHash('sha256').update(token).digest();
    expect(rows.some((r) => r.token_hash.equals(expected))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuse a common password without spending the link', async () => {
    await signedInProvider(t, 'weak@example.com');
    await forgot('weak@example.com');
    const token = await latestResetToken('weak@example.com');
    const res = await reset(token, 'iloveyou');
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields).toEqual([
      expect.objectContaining({ path: 'newPassword', key: 'validation.passwordTooCommon' }),
    ]);
    expect((await reset(token)).status).toBe(200);
  });

  it('report a confirmation that does not match', async () => {
    const res = await postJson(t, '/api/auth/reset-password', {
      token: 'A'.repeat(43),
      newPassword: NEW_PASSWORD,
      confirmPassword: 'something else',
    });
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields[0]).toMatchObject({
      path: 'confirmPassword',
      key: 'validation.passwordsDoNotMatch',
    });
  });
});

describe('forgot-password does not tell known addresses from unknown ones', () => {
  it('answers the same for an unknown address and sends nothing', async () => {
    await signedInProvider(t, 'known@example.com');
    const known = await forgot('known@example.com');
    const unknown = await forgot('nobody@example.com');
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    await resetMails('known@example.com');
    expect(await outbox(t, 'nobody@example.com')).toEqual([]);
  });
});

describe('rate limits', () => {
  it('allow 5 requests per hour per address, from any source', async () => {
    for (let i = 0; i < 5; i++) expect((await forgot('limited@example.com')).status).toBe(200);
    const res = await forgot('LIMITED@example.com');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('allow 20 requests per hour per IP, whatever the addresses', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      expect((await forgot(`spray${i}@example.com`, { 'X-Forwarded-For': ip })).status).toBe(200);
    }
    expect((await forgot('spray-last@example.com', { 'X-Forwarded-For': ip })).status).toBe(429);
  });

  it('allow 30 new-password attempts per 15 minutes per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      expect((await reset(`bad${i}`.padEnd(43, 'x'), NEW_PASSWORD, { 'X-Forwarded-For': ip })).status).toBe(
        400,
      );
    }
    expect((await reset('z'.repeat(43), NEW_PASSWORD, { 'X-Forwarded-For': ip })).status).toBe(429);
  });
});
