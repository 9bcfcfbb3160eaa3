import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshIp, postJson } from '../auth/testing';
import { type JobWorker, startWorker } from '../jobs/worker';
import { createTestContext, type TestContext } from '../testing/harness';
import { startResendStandIn } from '../testing/resend-stand-in';

describe('e-mail through Resend (real SDK, local stand-in server)', () => {
  let t: TestContext;
  let resend: Awaited<ReturnType<typeof startResendStandIn>>;
  let worker: JobWorker | undefined;
  beforeAll(async () => {
    resend = await startResendStandIn();
    t = await createTestContext({
      RESEND_API_KEY: 're_test_123',
      RESEND_BASE_URL: resend.url,
      TRUST_PROXY: 'true',
      // Fast retries through configuration, not a test switch.
      JOBS_RETRY_BASE_MS: '10',
      JOBS_RETRY_MAX_MS: '50',
      JOBS_POLL_INTERVAL_MS: '50',
    });
    worker = await startWorker(t.deps, t.db);
  });
  afterAll(async () => {
    await worker?.stop();
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

  it('sends a queued mail’s attachments (an invoice’s XRechnung, issue 28) as base64 with their type', async () => {
    const xml =
      '<?xml version="1.0" encoding="utf-8"?><rsm:CrossIndustryInvoice>Größe</rsm:CrossIndustryInvoice>';
    await t.sql.begin((tx) =>
      t.deps.mailer.queue(tx, {
        to: 'attachment@resend.test',
        subject: 'Invoice INV-0001',
        html: '<p>Invoice</p>',
        text: 'Invoice',
        kind: 'invoice_sent',
        attachments: [
          { filename: 'INV-0001.xml', contentType: 'application/xml', content: Buffer.from(xml, 'utf8') },
        ],
      }),
    );
    const mail = await vi.waitFor(
      () => {
        const found = resend.received.find((m) => m.body.to === 'attachment@resend.test');
        expect(found).toBeDefined();
        return found;
      },
      { timeout: 15_000, interval: 25 },
    );
    const body = mail?.body as
      | { attachments?: { filename: string; content: string; content_type: string }[] }
      | undefined;
    const attachments = body?.attachments;
    expect(attachments?.map((a) => [a.filename, a.content_type])).toEqual([
      ['INV-0001.xml', 'application/xml'],
    ]);
    expect(Buffer.from(attachments?.[0]?.content ?? '', 'base64').toString('utf8')).toBe(xml);
  });

  it('sends the verification mail through Resend with the API key, in the user language', async () => {
    const res = await signUp('ada@resend.test', 'de');
    expect(res.status).toBe(201);
    // The worker delivers it; the row says so once Resend has answered.
    const [row] = await vi.waitFor(
      async () => {
        const rows = await t.sql<{ status: string; provider_message_id: string }[]>`
          SELECT status, provider_message_id FROM outbox_emails WHERE to_address = 'ada@resend.test'`;
        expect(rows[0]?.status).toBe('sent');
        return rows;
      },
      { timeout: 15_000, interval: 25 },
    );
    const mail = resend.received.find((m) => m.body.to === 'ada@resend.test');
    expect(mail?.authorization).toBe('Bearer re_test_123');
    expect(mail?.body.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail?.body.html).toContain('Ada &lt;b&gt;Lovelace&lt;/b&gt;');
    expect(mail?.body.text).toMatch(/\/auth\/verify\?token=/);
    expect(row?.provider_message_id).toBe(`stand-in-${resend.received.indexOf(mail as never) + 1}`);
  });

  it('keeps the account, records the refusal and retries until Resend takes the mail', async () => {
    resend.failNext();
    const res = await signUp('bob@resend.test');
    expect(res.status).toBe(201);
    await vi.waitFor(
      async () => {
        const [row] = await t.sql<{ status: string; attempts: number; last_error: string | null }[]>`
          SELECT status, attempts, last_error FROM outbox_emails WHERE to_address = 'bob@resend.test'`;
        expect(row).toMatchObject({ status: 'sent', attempts: 2 });
      },
      { timeout: 15_000, interval: 25 },
    );
    const [user] = await t.sql`SELECT 1 FROM users WHERE email = 'bob@resend.test'`;
    expect(user).toBeDefined();
  });

  it('has no development outbox when a Resend key is configured', async () => {
    expect((await t.app.request('/api/dev/outbox')).status).toBe(404);
  });
});
