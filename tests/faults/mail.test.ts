import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookie, signUp, verifyEmail } from '../../api/auth/testing';
import { send } from '../../api/routes/account/testing';
import { createClient, createPortal } from '../../api/routes/portals/testing';
import { type ResendStandIn, startResendStandIn } from '../../api/testing/resend-stand-in';
import { createScratchDatabase, type ServiceProcess, startServiceProcess } from './instance';
import { REMOTE_ENV, remote } from './remote';

/*
 * The mail provider down (issue 31): a real service process sending through the Resend stand-in, which is
 * stopped while mails are queued (portal sign-in links, an invitation, a password reset) and started again
 * on the same port. The requests that queue mail answer 2xx at once (mail is queued in their transaction,
 * never sent inline); each mail is retried from the job queue and reaches the provider exactly once.
 */

/** A request that queues mail answers within this while the provider is down (it never waits for it). */
const QUEUE_ANSWER_MS = 5_000;

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the mail provider stopped and started while mail is queued', () => {
  let resend: ResendStandIn;
  let db: Awaited<ReturnType<typeof createScratchDatabase>>;
  let sql: postgres.Sql;
  let svc: ServiceProcess;

  beforeAll(async () => {
    resend = await startResendStandIn();
    db = await createScratchDatabase('fault_mail');
    sql = postgres(db.url, { max: 2, onnotice: () => {} });
    svc = await startServiceProcess({
      ...REMOTE_ENV,
      DATABASE_URL: db.url,
      RESEND_API_KEY: 're_fault_test',
      RESEND_BASE_URL: resend.url,
      JOBS_RETRY_BASE_MS: '300',
      JOBS_RETRY_MAX_MS: '1500',
      JOBS_POLL_INTERVAL_MS: '200',
    });
  });

  afterAll(async () => {
    await svc?.stop();
    await sql?.end();
    await db?.drop();
    await resend?.close();
  });

  it('answers the requests at once, retries each mail from the queue and delivers it once', async () => {
    const t = remote(svc.url);
    const stamp = Date.now();
    // Set-up with the provider up: a verified provider (its link read from what the stand-in received).
    const ownerEmail = `mail-owner-${stamp}@example.com`;
    expect((await signUp(t, ownerEmail)).status).toBe(201);
    const verification = await until('the verification mail', async () =>
      resend.received.find((m) => m.body.to === ownerEmail || m.body.to?.[0] === ownerEmail),
    );
    const token = decodeURIComponent(verification.body.text?.match(/token=([\w%-]+)/)?.[1] ?? '');
    const verified = await verifyEmail(t, token);
    expect(verified.status).toBe(200);
    const owner = sessionCookie(verified);
    const portal = await createPortal(t, owner, { portalName: 'Mail outage' });
    const clients: { id: string; email: string }[] = [];
    for (const i of [1, 2, 3, 4])
      clients.push(
        await createClient(t, owner, portal.id, {
          name: `Client ${i}`,
          email: `mail-${stamp}-${i}@example.com`,
        }),
      );
    const receivedBefore = resend.received.length;
    const before = (await sql<{ id: string }[]>`SELECT id FROM outbox_emails`).map((r) => r.id);

    await resend.stop();
    const answers: { what: string; status: number; ms: number }[] = [];
    const timed = async (what: string, request: () => Response | Promise<Response>) => {
      const started = Date.now();
      const res = await request();
      answers.push({ what, status: res.status, ms: Date.now() - started });
    };
    // Sign-in links the clients ask for on the portal, an invitation, a password reset.
    for (const client of clients.slice(0, 3))
      await timed(`magic link ${client.email}`, () =>
        send(t, 'POST', '/api/portal/magic-link', undefined, { email: client.email, portalId: portal.id }),
      );
    await timed('invitation', () => send(t, 'POST', `/api/clients/${clients[3]?.id}/invite`, owner));
    await timed('password reset', () =>
      send(t, 'POST', '/api/auth/forgot-password', undefined, { email: ownerEmail }),
    );
    for (const answer of answers) {
      expect(answer.status, answer.what).toBeGreaterThanOrEqual(200);
      expect(answer.status, answer.what).toBeLessThan(300);
      expect(answer.ms, answer.what).toBeLessThan(QUEUE_ANSWER_MS);
    }

    // Every queued mail has failed at least one attempt while the provider is down, and waits for the next.
    // (The password reset's row is written after its answer, so that its time tells nothing.)
    const queued = await until('the five mails queued', async () => {
      const rows = await sql<{ id: string; to_address: string; kind: string }[]>`
        SELECT id, to_address, kind FROM outbox_emails WHERE NOT (id = ANY(${before}::uuid[]))`;
      return rows.length >= 5 ? rows : undefined;
    });
    expect(queued.map((m) => m.kind).sort()).toEqual([
      'magic_link',
      'magic_link',
      'magic_link',
      'magic_link',
      'password_reset',
    ]);
    await until('a failed attempt of every queued mail', async () => {
      const [row] = await sql<{ waiting: number }[]>`
        SELECT count(*)::int AS waiting FROM outbox_emails
        WHERE id IN ${sql(queued.map((m) => m.id))} AND status = 'pending' AND attempts >= 1`;
      return row?.waiting === queued.length ? true : undefined;
    });
    expect(resend.received.length).toBe(receivedBefore);

    await resend.start();
    const rows = await until('every queued mail sent', async () => {
      const rows = await sql<{ id: string; status: string; attempts: number }[]>`
        SELECT id, status, attempts FROM outbox_emails WHERE id IN ${sql(queued.map((m) => m.id))}`;
      return rows.every((r) => r.status === 'sent') ? rows : undefined;
    });
    // Exactly once each: one request per mail reached the provider, with the mail's own idempotency key.
    const after = resend.received.slice(receivedBefore);
    expect(after.length).toBe(queued.length);
    for (const mail of queued) {
      const got = after.filter((m) => m.idempotencyKey === `outbox/${mail.id}`);
      expect(got.length, `${mail.kind} to ${mail.to_address}`).toBe(1);
      expect([got[0]?.body.to].flat()).toEqual([mail.to_address]);
    }
    expect(Math.min(...rows.map((r) => r.attempts))).toBeGreaterThanOrEqual(2);
    // The queue holds no mail job any more, and the log no error.
    const [{ n: jobs = -1 } = {}] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'send_mail'`;
    expect(jobs).toBe(0);
    expect(svc.errors()).toEqual([]);
    console.log(
      `mail outage: answers ${answers.map((a) => `${a.what.split(' ')[0]} ${a.status}/${a.ms} ms`).join(', ')}; attempts ${rows.map((r) => r.attempts).join(', ')}`,
    );
  });
});
