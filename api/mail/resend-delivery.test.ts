import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp, postJson } from '../auth/testing';
import { createTestContext, type TestContext } from '../testing/harness';
import { startResendStandIn } from '../testing/resend-stand-in';

describe('e-mail through Resend (real SDK, local stand-in server)', () => {
  let t: TestContext;
  let resend: Awaited<ReturnType<typeof startResendStandIn>>;
  beforeAll(async () => {
    resend = await startResendStandIn();
    t = await createTestContext({
      RESEND_API_KEY: 're_test_123',
      RESEND_BASE_URL: resend.url,
      TRUST_PROXY: 'true',
    });
  });
  afterAll(async () => {
    await t.close();
    await resend.close();
  });

  const signUp = (email: string, language = 'en') =>
    postJson(
      t,
      '/api/auth/sign-up',
      {
        fullName: 'Ada <b>Lovelace</b>',
        email,
        password: 'secret123',
        confirmPassword: 'secret123',
        language,
      },
      { 'X-Forwarded-For': freshIp() },
    );

  it('sends the verification mail through Resend with the API key, in the user language', async () => {
    const res = await signUp('ada@resend.test', 'de');
    expect(res.status).toBe(201);
    const mail = resend.received.at(-1);
    expect(mail?.authorization).toBe('Bearer re_test_123');
    expect(mail?.body.to).toEqual('ada@resend.test');
    expect(mail?.body.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail?.body.html).toContain('Ada &lt;b&gt;Lovelace&lt;/b&gt;');
    expect(mail?.body.text).toMatch(/\/auth\/verify\?token=/);
    const [row] = await t.sql<{ status: string; provider_message_id: string }[]>`
      SELECT status, provider_message_id FROM outbox_emails WHERE to_address = 'ada@resend.test'`;
    expect(row).toEqual({ status: 'sent', provider_message_id: `stand-in-${resend.received.length}` });
  });

  it('keeps the account and records the failure when Resend refuses the mail', async () => {
    resend.failNext();
    const res = await signUp('bob@resend.test');
    expect(res.status).toBe(201);
    const [row] = await t.sql<
      { status: string }[]
    >`SELECT status FROM outbox_emails WHERE to_address = 'bob@resend.test'`;
    expect(row?.status).toBe('failed');
    const [user] = await t.sql`SELECT 1 FROM users WHERE email = 'bob@resend.test'`;
    expect(user).toBeDefined();
  });

  it('has no development outbox when a Resend key is configured', async () => {
    expect((await t.app.request('/api/dev/outbox')).status).toBe(404);
  });
});
