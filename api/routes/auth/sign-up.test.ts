import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getSession,
  latestVerificationToken,
  outbox,
  PASSWORD,
  postJson,
  sessionCookie,
  signUp,
  verifyEmail,
} from '../../auth/testing';
import { createTestContext, type TestContext } from '../../testing/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

describe('sign-up → verification mail → verify → session', () => {
  it('creates an unverified account and mails a verification link', async () => {
    const res = await signUp(t, 'Ada@Example.com', { fullName: 'Ada Lovelace' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ email: 'ada@example.com', verificationSent: true });
    expect(res.headers.getSetCookie()).toEqual([]);

    const [user] = await t.sql<{ email: string; email_verified_at: Date | null; full_name: string }[]>`
      SELECT u.email, u.email_verified_at, p.full_name FROM users u JOIN profiles p ON p.user_id = u.id`;
    expect(user).toMatchObject({
      email: 'ada@example.com',
      email_verified_at: null,
      full_name: 'Ada Lovelace',
    });

    const [mail] = await outbox(t, 'ada@example.com');
    expect(mail?.kind).toBe('verify_email');
    expect(mail?.subject).toBe('Confirm your e-mail address');
    expect(mail?.text).toContain('Hi Ada Lovelace,');
    expect(mail?.html).toContain('http://localhost:3000/auth/verify?token=');
  });

  it('signs the user in when the mailed link is confirmed with the sign-up password', async () => {
    const token = await latestVerificationToken(t, 'ada@example.com');
    const res = await verifyEmail(t, token);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({
      email: 'ada@example.com',
      fullName: 'Ada Lovelace',
      emailVerified: true,
    });

    const { body: session } = await getSession(t, sessionCookie(res));
    expect(session.user?.email).toBe('ada@example.com');
    expect(session.session?.id).toBe(body.session.id);
  });

  it('then accepts the password at sign-in', async () => {
    const res = await postJson(t, '/api/auth/sign-in', { email: 'ADA@example.com', password: PASSWORD });
    expect(res.status).toBe(200);
    expect((await res.json()).user.emailVerified).toBe(true);
  });

  it('uses the e-mail as the name when none is given (spec §3)', async () => {
    expect((await signUp(t, 'noname@example.com', { fullName: '  ' })).status).toBe(201);
    const [row] = await t.sql<{ full_name: string }[]>`
      SELECT p.full_name FROM profiles p JOIN users u ON u.id = p.user_id WHERE u.email = 'noname@example.com'`;
    expect(row?.full_name).toBe('noname@example.com');
  });

  it('mails in the chosen language, else the request language', async () => {
    expect((await signUp(t, 'de1@example.com', { language: 'de' })).status).toBe(201);
    expect((await signUp(t, 'de2@example.com', {}, { 'Accept-Language': 'de-DE,de;q=0.9' })).status).toBe(
      201,
    );
    for (const email of ['de1@example.com', 'de2@example.com']) {
      const [mail] = await outbox(t, email);
      expect(mail?.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
    }
    const rows = await t.sql<{ preferred_language: string }[]>`
      SELECT p.preferred_language FROM profiles p JOIN users u ON u.id = p.user_id
      WHERE u.email IN ('de1@example.com', 'de2@example.com')`;
    expect(rows.map((r) => r.preferred_language)).toEqual(['de', 'de']);
  });
});

describe('signing up an address that is registered already', () => {
  const OTHER = 'the second sign-up';

  it('replaces the credentials of an unverified account and mails a new link (finding 1)', async () => {
    expect((await signUp(t, 'pending@example.com', { fullName: 'Mallory', language: 'de' })).status).toBe(
      201,
    );
    const first = await latestVerificationToken(t, 'pending@example.com');

    const res = await signUp(t, 'Pending@example.com', {
      fullName: 'Owner',
      language: 'en',
      password: OTHER,
      confirmPassword: OTHER,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ email: 'pending@example.com', verificationSent: true });

    const rows = await t.sql<{ full_name: string; preferred_language: string }[]>`
      SELECT p.full_name, p.preferred_language FROM users u JOIN profiles p ON p.user_id = u.id
      WHERE u.email = 'pending@example.com'`;
    expect(rows).toEqual([{ full_name: 'Owner', preferred_language: 'en' }]);
    const [mail] = await outbox(t, 'pending@example.com');
    expect(mail?.subject).toBe('Confirm your e-mail address');
    expect(mail?.text).toContain('Hi Owner,');

    // The first link is void; the first password no longer verifies the new link.
    const second = await latestVerificationToken(t, 'pending@example.com');
    expect(second).not.toBe(first);
    const old = await verifyEmail(t, first);
    expect(old.status).toBe(400);
    expect((await verifyEmail(t, second)).status).toBe(422);
    const ok = await postJson(t, '/api/auth/verify-email', { token: second, currentPassword: OTHER });
    expect(ok.status).toBe(200);
  });

  it('answers 409 email_taken for a verified account, in any letter case', async () => {
    expect((await signUp(t, 'taken@example.com')).status).toBe(201);
    expect((await verifyEmail(t, await latestVerificationToken(t, 'taken@example.com'))).status).toBe(200);
    const res = await signUp(t, 'TAKEN@example.com', { password: OTHER, confirmPassword: OTHER });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({
      code: 'email_taken',
      message: 'An account with this email already exists',
    });
    const [row] = await t.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM users WHERE email = 'taken@example.com'`;
    expect(row?.n).toBe(1);
    // The verified account keeps its password.
    const signIn = await postJson(t, '/api/auth/sign-in', { email: 'taken@example.com', password: PASSWORD });
    expect(signIn.status).toBe(200);
  });
});

describe('sign-up errors', () => {
  it.each([['123456'], ['Password1'], ['QWERTY123']])(
    'refuses the common password %s with a translated field error (finding 7)',
    async (password) => {
      const res = await signUp(t, 'common@example.com', { password, confirmPassword: password });
      expect(res.status).toBe(422);
      expect((await res.json()).error.fields).toEqual([
        {
          path: 'password',
          key: 'validation.passwordTooCommon',
          message: 'This password is too common and easy to guess. Please choose another one.',
        },
      ]);
      const de = await signUp(
        t,
        'common@example.com',
        { password, confirmPassword: password },
        { 'Accept-Language': 'de' },
      );
      expect((await de.json()).error.fields[0].message).toBe(
        'Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.',
      );
      const [row] = await t.sql<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM users WHERE email = 'common@example.com'`;
      expect(row?.n).toBe(0);
    },
  );

  it('answers 422 listing every failing field with its translated message', async () => {
    const res = await postJson(t, '/api/auth/sign-up', {
      email: 'not-an-email',
      password: '123',
      confirmPassword: '1234',
    });
    expect(res.status).toBe(422);
    const { error } = await res.json();
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toEqual(
      expect.arrayContaining([
        { path: 'email', key: 'validation.emailInvalid', message: 'Please enter a valid email address' },
        {
          path: 'password',
          key: 'validation.passwordTooShort',
          message: 'Password should be at least 6 characters',
        },
      ]),
    );
  });

  it('reports mismatched passwords on confirmPassword', async () => {
    const res = await postJson(t, '/api/auth/sign-up', {
      email: 'x@example.com',
      password: '123456',
      confirmPassword: '654321',
    });
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields).toEqual([
      { path: 'confirmPassword', key: 'validation.passwordsDoNotMatch', message: 'Passwords do not match' },
    ]);
  });

  it('translates field messages for Accept-Language: de', async () => {
    const res = await postJson(
      t,
      '/api/auth/sign-up',
      { email: '', password: '12', confirmPassword: '12' },
      { 'Accept-Language': 'de' },
    );
    expect(res.status).toBe(422);
    const { error } = await res.json();
    expect(error.message).toBe('Bitte prüfen Sie die markierten Felder.');
    expect(error.fields).toEqual(
      expect.arrayContaining([
        {
          path: 'password',
          key: 'validation.passwordTooShort',
          message: 'Das Passwort muss mindestens 6 Zeichen lang sein',
        },
      ]),
    );
  });

  it('answers 422 for an empty body instead of skipping validation', async () => {
    const res = await t.app.request('/api/auth/sign-up', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(422);
  });
});
