import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type JobWorker, startWorker } from '../jobs/worker';
import { createTestContext, type TestContext } from '../testing/harness';
import { startResendStandIn } from '../testing/resend-stand-in';
import type { OutgoingMail } from './mailer';

const waitFor = <T>(fn: () => T | Promise<T>) => vi.waitFor(fn, { timeout: 15_000, interval: 25 });

const mail = (to: string): OutgoingMail => ({
  to,
  subject: `Hello ${to}`,
  html: `<p>Hello ${to}</p>`,
  text: `Hello ${to}`,
  kind: 'test_mail',
});

interface Row {
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
  provider_message_id: string | null;
}
const rowOf = async (t: TestContext, id: string) =>
  (
    await t.sql<Row[]>`
      SELECT status, attempts, last_error, sent_at, provider_message_id FROM outbox_emails WHERE id = ${id}`
  )[0];

/** Fast retries through configuration (10 ms doubling, at most 50 ms apart), not a test switch. */
const FAST = { JOBS_RETRY_BASE_MS: '10', JOBS_RETRY_MAX_MS: '50', JOBS_POLL_INTERVAL_MS: '50' };

describe('mail on the queue, development outbox', () => {
  let t: TestContext;
  let worker: JobWorker | undefined;
  beforeAll(async () => {
    t = await createTestContext(FAST);
  });
  afterAll(async () => {
    await worker?.stop();
    await t.close();
  });

  it('exists only if the transaction that queues it commits', async () => {
    await expect(
      t.sql.begin(async (tx) => {
        await t.deps.mailer.queue(tx, mail('rolled-back@example.com'));
        throw new Error('the sign-up failed');
      }),
    ).rejects.toThrow('the sign-up failed');
    const rows = await t.sql`SELECT 1 FROM outbox_emails WHERE to_address = 'rolled-back@example.com'`;
    expect(rows).toHaveLength(0);
    const jobs =
      await t.sql`SELECT 1 FROM ${t.sql(t.db.queueSchema)}.jobs WHERE task_identifier = 'send_mail'`;
    expect(jobs).toHaveLength(0);
  });

  it('shows a queued mail as pending, then delivered to the outbox by the worker', async () => {
    const { id } = await t.sql.begin((tx) => t.deps.mailer.queue(tx, mail('ada@example.com')));
    const listed = async () =>
      (await (await t.app.request('/api/dev/outbox?to=ada@example.com')).json()).mails[0];
    expect(await listed()).toMatchObject({ id, status: 'pending', attempts: 0, sentAt: null });
    worker = await startWorker(t.deps, t.db);
    await waitFor(async () => expect(await listed()).toMatchObject({ status: 'outbox', attempts: 1 }));
    expect((await listed()).sentAt).not.toBeNull();
  });
});

describe('mail on the queue through Resend (real SDK, local stand-in)', () => {
  let t: TestContext;
  let worker: JobWorker | undefined;
  let resend: Awaited<ReturnType<typeof startResendStandIn>>;
  beforeAll(async () => {
    resend = await startResendStandIn();
    t = await createTestContext({
      ...FAST,
      RESEND_API_KEY: 're_test_queue',
      RESEND_BASE_URL: resend.url,
    });
    worker = await startWorker(t.deps, t.db);
  });
  afterAll(async () => {
    await worker?.stop();
    await t.close();
    await resend.close();
  });

  it('retries while Resend fails, then delivers once, keeping the attempts and the last error', async () => {
    resend.failNext(2);
    const { id } = await t.sql.begin((tx) => t.deps.mailer.queue(tx, mail('retry@example.com')));
    await waitFor(async () => expect((await rowOf(t, id))?.status).toBe('sent'));
    const row = await rowOf(t, id);
    expect(row).toMatchObject({ attempts: 3, last_error: 'Stand-in failure' });
    expect(row?.sent_at).toBeInstanceOf(Date);
    const delivered = resend.received.filter((r) => r.body.to === 'retry@example.com');
    const [only] = delivered;
    expect(delivered).toHaveLength(1);
    expect(only?.idempotencyKey).toBe(`outbox/${id}`);
    expect(row?.provider_message_id).toBe(`stand-in-${only ? resend.received.indexOf(only) + 1 : 0}`);
  });

  it('gives up after the last attempt and marks the mail failed', async () => {
    resend.failNext(1_000);
    try {
      const { id } = await t.sql.begin((tx) => t.deps.mailer.queue(tx, mail('doomed@example.com')));
      await waitFor(async () => expect((await rowOf(t, id))?.status).toBe('failed'));
      expect(await rowOf(t, id)).toMatchObject({
        attempts: 12,
        last_error: 'Stand-in failure',
        sent_at: null,
      });
      expect(resend.received.filter((r) => r.body.to === 'doomed@example.com')).toHaveLength(0);
    } finally {
      resend.failNext(0);
    }
  });

  it('delivers a mail once even when its job runs twice', async () => {
    const { id } = await t.sql.begin((tx) => t.deps.mailer.queue(tx, mail('twice@example.com')));
    await waitFor(async () => expect((await rowOf(t, id))?.status).toBe('sent'));
    expect(await t.deps.mailer.deliver(id, { attempt: 1, maxAttempts: 12 })).toBe('already_delivered');
    expect(resend.received.filter((r) => r.body.to === 'twice@example.com')).toHaveLength(1);
  });
});
