import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshIp,
  getSession,
  latestVerificationToken,
  PASSWORD,
  postJson,
  sessionCookie,
  signedInProvider,
  signUp,
  verifyEmail,
} from '../../auth/testing';
import { issueVerificationToken } from '../../auth/verification';
import { createTestContext, type TestContext } from '../../testing/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const NEW_PASSWORD = 'owner chose this one';

async function expectInvalid(res: Response) {
  expect(res.status).toBe(400);
  expect((await res.json()).error).toMatchObject({
    code: 'invalid_token',
    message: 'This link is invalid or has expired.',
  });
}

const status = (token: string) =>
  postJson(t, '/api/auth/verify-email/status', { token }, { 'X-Forwarded-For': freshIp() });

const verify = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  postJson(t, '/api/auth/verify-email', body, { 'X-Forwarded-For': freshIp(), ...headers });

const signIn = (email: string, password: string) =>
  postJson(t, '/api/auth/sign-in', { email, password }, { 'X-Forwarded-For': freshIp() });

async function verifiedAt(email: string): Promise<Date | null> {
  const [row] = await t.sql<
    { v: Date | null }[]
  >`SELECT email_verified_at AS v FROM users WHERE email = ${email}`;
  return row?.v ?? null;
}

describe('opening a verification link (finding 8: no sign-in on page load)', () => {
  it('tells the page the link is pending and for which address, without spending it or signing in', async () => {
    await signUp(t, 'look@example.com');
    const token = await latestVerificationToken(t, 'look@example.com');
    for (let i = 0; i < 2; i++) {
      const res = await status(token);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ state: 'pending', email: 'look@example.com' });
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(res.headers.get('Cache-Control')).toBe('no-store');
    }
    expect(await verifiedAt('look@example.com')).toBeNull();
    expect((await verifyEmail(t, token)).status).toBe(200);
  });

  it('answers invalid_token for an unknown link', async () => {
    await expectInvalid(await status('A'.repeat(43)));
  });

  it('needs a password: the token alone is refused with a field error and is not spent', async () => {
    await signUp(t, 'bare@example.com');
    const token = await latestVerificationToken(t, 'bare@example.com');
    const res = await verify({ token });
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields).toEqual([
      { path: 'currentPassword', key: 'validation.passwordRequired', message: 'Password is required' },
    ]);
    expect(await verifiedAt('bare@example.com')).toBeNull();
    expect((await verifyEmail(t, token)).status).toBe(200);
  });

  it('refuses a current AND a new password at once', async () => {
    const res = await verify({
      token: 'A'.repeat(43),
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields[0]).toMatchObject({
      path: 'newPassword',
      key: 'validation.passwordChoiceAmbiguous',
    });
  });
});

describe('verifying with the sign-up password', () => {
  it('verifies and signs in', async () => {
    await signUp(t, 'right@example.com');
    const res = await verifyEmail(t, await latestVerificationToken(t, 'right@example.com'));
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ email: 'right@example.com', emailVerified: true });
    expect((await getSession(t, sessionCookie(res))).body.user?.email).toBe('right@example.com');
  });

  it('answers 422 wrong_password for another password, and the link still works afterwards', async () => {
    await signUp(t, 'typo@example.com');
    const token = await latestVerificationToken(t, 'typo@example.com');
    const wrong = await verify({ token, currentPassword: 'not the one' });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).error).toMatchObject({
      code: 'wrong_password',
      fields: [{ path: 'currentPassword', key: 'errors.wrong_password' }],
    });
    expect(wrong.headers.getSetCookie()).toEqual([]);
    expect(await verifiedAt('typo@example.com')).toBeNull();
    expect((await verifyEmail(t, token)).status).toBe(200);
  });

  it('limits password tries to 10 per 15 minutes per account, whatever the source', async () => {
    await signUp(t, 'guess@example.com');
    const token = await latestVerificationToken(t, 'guess@example.com');
    for (let i = 0; i < 10; i++) {
      expect((await verify({ token, currentPassword: `guess ${i}` })).status).toBe(422);
    }
    const limited = await verify({ token, currentPassword: PASSWORD });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    t.advance(15 * 60_000);
    expect((await verifyEmail(t, token)).status).toBe(200);
  });

  it('limits attempts to 50 per 15 minutes per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 50; i++) {
      expect(
        (await verify({ token: `x${i}`.padEnd(43, 'x'), currentPassword: 'x' }, { 'X-Forwarded-For': ip }))
          .status,
      ).toBe(400);
    }
    const res = await verify({ token: 'y'.repeat(43), currentPassword: 'x' }, { 'X-Forwarded-For': ip });
    expect(res.status).toBe(429);
  });
});

describe('verifying with a new password (finding 1: pre-account takeover)', () => {
  it('replaces a password someone else chose at sign-up, so it never works', async () => {
    // The attacker signs up with the owner's address and a password of their own...
    await signUp(t, 'victim@example.com', {
      password: 'attacker secret',
      confirmPassword: 'attacker secret',
    });
    const token = await latestVerificationToken(t, 'victim@example.com');
    // ...the owner opens the mailed link and, not knowing that password, chooses one.
    const res = await verify({ token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ email: 'victim@example.com', emailVerified: true });
    expect((await getSession(t, sessionCookie(res))).body.user?.email).toBe('victim@example.com');

    expect((await signIn('victim@example.com', 'attacker secret')).status).toBe(401);
    expect((await signIn('victim@example.com', NEW_PASSWORD)).status).toBe(200);
  });

  it('ends every other session of the account', async () => {
    const cookie = await signedInProvider(t, 'sessions@example.com');
    const [user] = await t.sql<{ id: string }[]>`SELECT id FROM users WHERE email = 'sessions@example.com'`;
    const token = await issueVerificationToken(t.sql, user?.id ?? '', t.deps.now());
    const res = await verify({ token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect((await getSession(t, cookie)).body.user).toBeNull();
    expect((await getSession(t, sessionCookie(res))).body.user?.email).toBe('sessions@example.com');
  });

  it('refuses a common password (any letter case) with a field error and keeps the link usable', async () => {
    await signUp(t, 'weak@example.com');
    const token = await latestVerificationToken(t, 'weak@example.com');
    const res = await verify({ token, newPassword: 'PassWord1', confirmPassword: 'PassWord1' });
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields).toEqual([
      {
        path: 'newPassword',
        key: 'validation.passwordTooCommon',
        message: 'This password is too common and easy to guess. Please choose another one.',
      },
    ]);
    expect((await status(token)).status).toBe(200);
  });

  it('reports a confirmation that does not match', async () => {
    const res = await verify({ token: 'A'.repeat(43), newPassword: NEW_PASSWORD, confirmPassword: 'other' });
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields).toEqual([
      { path: 'confirmPassword', key: 'validation.passwordsDoNotMatch', message: 'Passwords do not match' },
    ]);
  });
});

describe('verification tokens', () => {
  it('work once; a used link then reads as "already verified" (finding 23)', async () => {
    await signUp(t, 'once@example.com');
    const token = await latestVerificationToken(t, 'once@example.com');
    expect((await verifyEmail(t, token)).status).toBe(200);
    const again = await verifyEmail(t, token);
    expect(again.status).toBe(409);
    expect((await again.json()).error).toMatchObject({
      code: 'email_already_verified',
      message: 'This e-mail address is already verified. Please sign in.',
    });
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(await (await status(token)).json()).toEqual({ state: 'verified', email: 'once@example.com' });
  });

  it('expire after 24 hours', async () => {
    await signUp(t, 'late@example.com');
    const token = await latestVerificationToken(t, 'late@example.com');
    t.advance(24 * HOUR + 1000);
    await expectInvalid(await status(token));
    await expectInvalid(await verifyEmail(t, token));
    expect(await verifiedAt('late@example.com')).toBeNull();
  });

  it('are still valid just before 24 hours', async () => {
    await signUp(t, 'intime@example.com');
    const token = await latestVerificationToken(t, 'intime@example.com');
    t.advance(23 * HOUR);
    expect((await verifyEmail(t, token)).status).toBe(200);
  });

  it('are superseded by a newer link; the older one reads as verified once the newer one was used', async () => {
    await signUp(t, 'twice@example.com');
    const first = await latestVerificationToken(t, 'twice@example.com');
    const resend = await postJson(t, '/api/auth/resend-verification', { email: 'twice@example.com' });
    expect(resend.status).toBe(200);
    const second = await latestVerificationToken(t, 'twice@example.com');
    expect(second).not.toBe(first);
    await expectInvalid(await status(first));
    await expectInvalid(await verifyEmail(t, first));
    expect((await verifyEmail(t, second)).status).toBe(200);
    expect((await (await status(first)).json()).state).toBe('verified');
    expect((await verifyEmail(t, first)).status).toBe(409);
  });

  it('are stored only as a hash', async () => {
    await signUp(t, 'hash@example.com');
    const token = await latestVerificationToken(t, 'hash@example.com');
    const rows = await t.sql<{ token_hash: Buffer }[]>`SELECT token_hash FROM email_verification_tokens`;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.token_hash.length).toBe(32);
      expect(r.token_hash.toString('latin1')).not.toContain(token);
      expect(r.token_hash.toString('base64url')).not.toBe(token);
    }
  });

  it('reject an unknown token', async () => {
    await expectInvalid(await verifyEmail(t, 'A'.repeat(43)));
  });
});

describe('resend-verification', () => {
  it('answers ok for unknown and already verified addresses without sending anything', async () => {
    const before = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM outbox_emails`;
    for (const email of ['nobody@example.com', 'once@example.com']) {
      const res = await postJson(
        t,
        '/api/auth/resend-verification',
        { email },
        { 'X-Forwarded-For': freshIp() },
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
    }
    const after = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM outbox_emails`;
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('is limited to 3 per hour per address', async () => {
    await signUp(t, 'spam@example.com');
    for (let i = 0; i < 3; i++) {
      const res = await postJson(
        t,
        '/api/auth/resend-verification',
        { email: 'spam@example.com' },
        { 'X-Forwarded-For': freshIp() },
      );
      expect(res.status).toBe(200);
    }
    const res = await postJson(
      t,
      '/api/auth/resend-verification',
      { email: 'SPAM@example.com' },
      { 'X-Forwarded-For': freshIp() },
    );
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('is limited to 20 per hour per IP, whatever the addresses (finding 9)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const res = await postJson(
        t,
        '/api/auth/resend-verification',
        { email: `spray${i}@example.com` },
        { 'X-Forwarded-For': ip },
      );
      expect(res.status).toBe(200);
    }
    const res = await postJson(
      t,
      '/api/auth/resend-verification',
      { email: 'spray-last@example.com' },
      { 'X-Forwarded-For': ip },
    );
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});
