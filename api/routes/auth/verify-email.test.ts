import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestVerificationToken, postJson, signUp } from '../../auth/testing';
import { createTestContext, type TestContext } from '../../testing/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;

async function expectInvalid(res: Response) {
  expect(res.status).toBe(400);
  expect((await res.json()).error).toMatchObject({
    code: 'invalid_token',
    message: 'This link is invalid or has expired.',
  });
}

describe('verification tokens', () => {
  it('work once: a second use of the same link is invalid_token', async () => {
    await signUp(t, 'once@example.com');
    const token = await latestVerificationToken(t, 'once@example.com');
    expect((await postJson(t, '/api/auth/verify-email', { token })).status).toBe(200);
    await expectInvalid(await postJson(t, '/api/auth/verify-email', { token }));
  });

  it('expire after 24 hours', async () => {
    await signUp(t, 'late@example.com');
    const token = await latestVerificationToken(t, 'late@example.com');
    t.advance(24 * HOUR + 1000);
    await expectInvalid(await postJson(t, '/api/auth/verify-email', { token }));
    const [row] = await t.sql<
      { v: Date | null }[]
    >`SELECT email_verified_at AS v FROM users WHERE email = 'late@example.com'`;
    expect(row?.v).toBeNull();
  });

  it('are still valid just before 24 hours', async () => {
    await signUp(t, 'intime@example.com');
    const token = await latestVerificationToken(t, 'intime@example.com');
    t.advance(23 * HOUR);
    expect((await postJson(t, '/api/auth/verify-email', { token })).status).toBe(200);
  });

  it('are superseded by a newer link', async () => {
    await signUp(t, 'twice@example.com');
    const first = await latestVerificationToken(t, 'twice@example.com');
    const resend = await postJson(t, '/api/auth/resend-verification', { email: 'twice@example.com' });
    expect(resend.status).toBe(200);
    const second = await latestVerificationToken(t, 'twice@example.com');
    expect(second).not.toBe(first);
    await expectInvalid(await postJson(t, '/api/auth/verify-email', { token: first }));
    expect((await postJson(t, '/api/auth/verify-email', { token: second })).status).toBe(200);
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
    await expectInvalid(await postJson(t, '/api/auth/verify-email', { token: 'A'.repeat(43) }));
  });
});

describe('resend-verification', () => {
  it('answers ok for unknown and already verified addresses without sending anything', async () => {
    const before = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM outbox_emails`;
    for (const email of ['nobody@example.com', 'once@example.com']) {
      const res = await postJson(t, '/api/auth/resend-verification', { email });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
    }
    const after = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM outbox_emails`;
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('is limited to 3 per hour per address', async () => {
    await signUp(t, 'spam@example.com');
    for (let i = 0; i < 3; i++) {
      expect((await postJson(t, '/api/auth/resend-verification', { email: 'spam@example.com' })).status).toBe(
        200,
      );
    }
    const res = await postJson(t, '/api/auth/resend-verification', { email: 'SPAM@example.com' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});
