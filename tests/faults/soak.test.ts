import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type TestSocket } from '../../api/realtime/testing';
import { type ResendStandIn, startResendStandIn } from '../../api/testing/resend-stand-in';
import { type StripeStandIn, startStripeStandIn } from '../stripe/stand-in';
import { createScratchDatabase, type ServiceProcess, startServiceProcess } from './instance';
import { type Proxy as BalancingProxy, startProxy } from './proxy';
import { type Answer, type Api, buildWorld, type WorldClient, type WorldProvider } from './soak-world';

/**
 * Issue 31, "two instances, one product": two service processes on one PostgreSQL database behind a
 * round-robin proxy, with the Stripe and Resend stand-ins, under SOAK_SECONDS (90) of continuous load by
 * 3 providers with 3 portal clients each: messages both ways, uploads both ways, decisions on the other
 * side's files, invoices created and sent (pushed to Stripe by the job), paid by card through Checkout
 * (the stand-in's signed webhook back through the proxy), notifications read; realtime sockets of every
 * provider and client on both instances. After the load stops and the system is quiet (polled, bounded),
 * everything answered 2xx is there exactly once (through the API and counted in the database), every
 * socket saw exactly its scope's events, the job queue has nothing due and nothing failed, every mail was
 * delivered once, and neither instance logged an error.
 */

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 90);
const SEED = Number(process.env.SOAK_SEED ?? 31);
const PROVIDERS = 3;
const CLIENTS = 3;
/** Pause between one actor's actions (each actor runs one request chain at a time). */
const PACE_MS = Number(process.env.SOAK_PACE_MS ?? 150);
/** How long the system may take to become quiet after the load. */
const DRAIN_MS = 60_000;
/** How long a socket may lag once the queue, the mail and Stripe are quiet. */
const SOCKET_GRACE_MS = 10_000;
const serverUrl = process.env.DATABASE_URL;

/** Runs `fn` over `items`, `width` at a time (the checks through the API after the load). */
async function eachConcurrently<T>(items: T[], fn: (item: T) => Promise<void>, width = 8) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
}

/** A small seeded generator (mulberry32): the same choices each run for a given SOAK_SEED. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rtf = (text: string) =>
  new TextEncoder().encode(`{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times;}}\\f0 ${text}\\par}`);
/** A 1×1 PNG (previews: the preview job's image path). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Kind =
  | 'message'
  | 'upload'
  | 'decision'
  | 'invoice_create'
  | 'invoice_send'
  | 'pay'
  | 'notifications'
  | 'read';

interface Stats {
  count: number;
  statuses: Map<number | string, number>;
  latencies: number[];
}

/** What was answered 2xx, to be found afterwards. */
interface Written {
  messages: {
    id: string;
    seq: number;
    body: string;
    providerId: string;
    clientId: string;
    projectId: string;
    side: 'provider' | 'client';
  }[];
  files: {
    id: string;
    versionId: string;
    providerId: string;
    clientId: string;
    uploadedBy: 'provider' | 'client';
  }[];
  decisions: { fileId: string; providerId: string; clientId: string; decision: string }[];
  invoices: { id: string; providerId: string; clientId: string; sent: boolean }[];
  payments: { invoiceId: string; providerId: string; clientId: string; sessionId: string }[];
}

interface Sock {
  socket: TestSocket;
  port: number;
  providerId: string;
  clientId: string | null;
  /** The scope's newest seq when it connected: it should see every row of its scope after it. */
  startSeq: number;
  label: string;
}

describe.skipIf(!serverUrl)('two instances behind a proxy, soaked', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let admin: postgres.Sql;
  let resend: ResendStandIn;
  let stripe: StripeStandIn;
  let proxy: BalancingProxy;
  const instances: ServiceProcess[] = [];
  let world: WorldProvider[] = [];
  const sockets: Sock[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'soak-'));

  beforeAll(async () => {
    database = await createScratchDatabase('soak');
    admin = postgres(database.url, { max: 2, onnotice: () => {} });
    resend = await startResendStandIn();
    stripe = await startStripeStandIn();
    proxy = await startProxy([]);
    const platform = stripe.createAccount({ name: 'Client Portal platform' });
    const platformHook = stripe.addWebhookEndpoint(platform.accountId, `${proxy.url}/api/webhooks/stripe`);
    const env = {
      DATABASE_URL: database.url,
      PUBLIC_URL: proxy.url,
      DATA_DIR: dataDir,
      RESEND_API_KEY: 're_soak_test',
      RESEND_BASE_URL: resend.url,
      STRIPE_API_BASE: stripe.url,
      STRIPE_SECRET_KEY: platform.secretKey,
      STRIPE_WEBHOOK_SECRET: platformHook.secret,
      PAYMENT_SECRETS_KEY: randomBytes(32).toString('base64'),
      // The main PostgreSQL is shared: two instances' pools, job pools and LISTEN connections stay small.
      DATABASE_POOL_MAX: '5',
      JOBS_CONCURRENCY: '2',
      WEBHOOKS_CONCURRENCY: '0',
      JOBS_RETRY_BASE_MS: '500',
      JOBS_RETRY_MAX_MS: '5000',
      // The digests of unread messages go out within the run (and the queue can drain to nothing).
      MESSAGE_DIGEST_DELAY_MS: '2000',
    };
    // Side by side: migrations and the queue's schema run under advisory locks (the second waits, then
    // finds them done), as two instances of a deployment start.
    instances.push(...(await Promise.all([startServiceProcess(env), startServiceProcess(env)])));
    proxy.setUpstreams(instances.map((i) => i.port));
    world = await buildWorld(proxy.url, { resend, stripe }, { providers: PROVIDERS, clients: CLIENTS });
  }, 180_000);

  afterAll(async () => {
    for (const s of sockets) await s.socket.close().catch(() => {});
    await proxy?.close();
    for (const instance of instances) await instance.stop();
    await admin?.end();
    await database?.drop();
    await resend?.close();
    await stripe?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Which instance an upgrade went to: the port whose count the open moved (nothing else runs then). */
  async function openOn(open: () => Promise<TestSocket>): Promise<{ socket: TestSocket; port: number }> {
    const before = new Map(proxy.counts);
    const socket = await open();
    const moved = [...proxy.counts].filter(([port, n]) => n !== (before.get(port) ?? 0)).map(([p]) => p);
    expect(moved, 'one upgrade, one upstream').toHaveLength(1);
    return { socket, port: moved[0] as number };
  }

  async function openScopeSockets(
    label: string,
    providerId: string,
    clientId: string | null,
    open: () => Promise<TestSocket>,
  ) {
    const ports = new Set<number>();
    // Round robin: consecutive upgrades alternate; at most four tries to have one on each instance.
    for (let i = 0; i < 4 && ports.size < instances.length; i++) {
      const { socket, port } = await openOn(open);
      const ready = socket.messages.find((m) => m.type === 'ready');
      sockets.push({
        socket,
        port,
        providerId,
        clientId,
        startSeq: ready?.type === 'ready' ? ready.latestSeq : 0,
        label: `${label}#${i + 1}`,
      });
      ports.add(port);
    }
    expect(ports.size, `${label}: sockets on both instances`).toBe(instances.length);
  }

  it(
    'soaks: every 2xx write present once, every socket saw its scope once, queue empty, mail once, no error logged',
    async () => {
      // --- Sockets on both instances for every provider and client -------------------------------------
      for (const p of world) {
        const cookie = p.api.auth.cookie;
        await openScopeSockets(`provider ${p.email}`, p.id, null, () =>
          connect(proxy.url, { audience: 'provider', origin: proxy.url, cookie }),
        );
        for (const c of p.clients) {
          const token = c.api.auth.token;
          await openScopeSockets(`client ${c.email}`, p.id, c.id, () =>
            connect(proxy.url, { audience: 'portal', origin: proxy.url, token, portalId: c.portalId }),
          );
        }
      }

      // --- Load ------------------------------------------------------------------------------------------
      const stats = new Map<Kind, Stats>();
      const failures: string[] = [];
      const written: Written = { messages: [], files: [], decisions: [], invoices: [], payments: [] };
      /** Provider files waiting for their client's decision, and client files waiting for the provider's. */
      const forClient = new Map<string, Written['files']>();
      const forProvider = new Map<string, Written['files']>();
      /** Sent invoices waiting to be paid, per client. */
      const toPay = new Map<string, Written['invoices']>();
      for (const p of world) {
        forProvider.set(p.id, []);
        for (const c of p.clients) {
          forClient.set(c.id, []);
          toPay.set(c.id, []);
        }
      }

      /** One request timed and counted; 5xx, timeouts and unexpected statuses are failures. */
      async function timed<T>(
        kind: Kind,
        what: string,
        run: () => Promise<Answer<T>>,
        expected: number[],
      ): Promise<Answer<T> | null> {
        const entry: Stats = stats.get(kind) ?? { count: 0, statuses: new Map(), latencies: [] };
        stats.set(kind, entry);
        const started = performance.now();
        let answer: Answer<T>;
        try {
          answer = await run();
        } catch (err) {
          entry.count++;
          entry.statuses.set('error', (entry.statuses.get('error') ?? 0) + 1);
          failures.push(`${what}: ${(err as Error).name} ${(err as Error).message}`);
          return null;
        }
        entry.count++;
        entry.latencies.push(performance.now() - started);
        entry.statuses.set(answer.status, (entry.statuses.get(answer.status) ?? 0) + 1);
        if (expected.includes(answer.status)) return answer;
        // 429 `overloaded` is the service's own answer to more than it takes: counted, not a failure.
        if (answer.status !== 429) failures.push(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
        return null;
      }

      const [before] = await admin<
        { seq: string }[]
      >`SELECT coalesce(max(seq), 0)::text AS seq FROM activity_feed`;
      const loadFromSeq = Number(before?.seq);
      const stopAt = Date.now() + SOAK_SECONDS * 1000;
      const loadStarted = performance.now();
      let n = 0;
      const body = (who: string) => `${who} message ${++n} ${randomUUID().slice(0, 8)}`;

      async function providerTurn(p: WorldProvider, rnd: () => number) {
        const client = p.clients[Math.floor(rnd() * p.clients.length)] as WorldClient;
        const pick = rnd();
        const waiting = forProvider.get(p.id) ?? [];
        if (waiting.length > 0 && pick < 0.15) {
          const file = waiting.shift() as Written['files'][number];
          const answer = await timed(
            'decision',
            `provider decides ${file.id}`,
            () =>
              p.api.call('POST', `/api/files/${file.id}/decisions`, {
                versionId: file.versionId,
                decision: 'approved',
              }),
            [200, 201],
          );
          if (answer)
            written.decisions.push({
              fileId: file.id,
              providerId: p.id,
              clientId: file.clientId,
              decision: 'approved',
            });
        } else if (pick < 0.5) {
          const text = body('provider');
          const answer = await timed<{ id: string; seq: number }>(
            'message',
            'provider message',
            () =>
              p.api.call('POST', `/api/projects/${client.projectId}/messages`, {
                clientMessageId: randomUUID(),
                body: text,
              }),
            [201],
          );
          if (answer)
            written.messages.push({
              id: answer.body.id,
              seq: answer.body.seq,
              body: text,
              providerId: p.id,
              clientId: client.id,
              projectId: client.projectId,
              side: 'provider',
            });
        } else if (pick < 0.68) {
          const image = rnd() < 0.15;
          const answer = await timed<{ id: string; latestVersion: { id: string } }>(
            'upload',
            'provider upload',
            () =>
              image
                ? p.api.upload(`/api/projects/${client.projectId}/files`, 'mock-up.png', PNG, 'image/png')
                : p.api.upload(
                    `/api/projects/${client.projectId}/files`,
                    'brief.rtf',
                    rtf(body('brief')),
                    'application/rtf',
                  ),
            [201],
          );
          if (answer) {
            const file = {
              id: answer.body.id,
              versionId: answer.body.latestVersion.id,
              providerId: p.id,
              clientId: client.id,
              uploadedBy: 'provider' as const,
            };
            written.files.push(file);
            forClient.get(client.id)?.push(file);
          }
        } else if (pick < 0.8) {
          const draft = await timed<{ id: string }>(
            'invoice_create',
            'invoice draft',
            () =>
              p.api.call('POST', '/api/invoices', {
                clientId: client.id,
                projectId: client.projectId,
                currency: 'EUR',
                description: 'Soak work',
                supplyDate: '2026-12-01',
                lines: [
                  {
                    description: 'Design',
                    quantityMilli: 1_500,
                    unitPriceCents: 8_000 + Math.floor(rnd() * 1000),
                    taxRateBp: 1900,
                  },
                ],
              }),
            [201],
          );
          if (!draft) return;
          const invoice = { id: draft.body.id, providerId: p.id, clientId: client.id, sent: false };
          written.invoices.push(invoice);
          const sent = await timed(
            'invoice_send',
            `send ${invoice.id}`,
            () => p.api.call('POST', `/api/invoices/${invoice.id}/send`),
            [200],
          );
          if (sent) {
            invoice.sent = true;
            toPay.get(client.id)?.push(invoice);
          }
        } else {
          await timed(
            'notifications',
            'provider notifications',
            () => p.api.call('GET', '/api/notifications?limit=20'),
            [200],
          );
        }
      }

      async function clientTurn(p: WorldProvider, c: WorldClient, rnd: () => number) {
        const pick = rnd();
        const portal = `/api/portal/${c.portalId}`;
        const deliverables = forClient.get(c.id) ?? [];
        const invoices = toPay.get(c.id) ?? [];
        if (deliverables.length > 0 && pick < 0.2) {
          const file = deliverables.shift() as Written['files'][number];
          const answer = await timed(
            'decision',
            `client decides ${file.id}`,
            () =>
              c.api.call('POST', `${portal}/files/${file.id}/decisions`, {
                versionId: file.versionId,
                decision: 'client_approved',
              }),
            [200, 201],
          );
          if (answer)
            written.decisions.push({
              fileId: file.id,
              providerId: p.id,
              clientId: c.id,
              decision: 'client_approved',
            });
        } else if (invoices.length > 0 && pick < 0.35) {
          const invoice = invoices.shift() as Written['invoices'][number];
          const answer = await timed<{ url: string }>(
            'pay',
            `pay ${invoice.id}`,
            () => c.api.call('POST', `${portal}/invoices/${invoice.id}/pay`),
            [200],
          );
          if (!answer) return;
          // The Checkout page's Pay button: the stand-in completes the session and sends the signed
          // `checkout.session.completed` to our endpoint (through the proxy), answered before this returns.
          const [, , accountId = '', sessionId = ''] = new URL(answer.body.url).pathname.split('/');
          const started = performance.now();
          const { deliveries } = await stripe.completeCheckout(accountId, sessionId);
          const entry = stats.get('pay') as Stats;
          entry.latencies.push(performance.now() - started);
          const bad = deliveries.filter((d) => d.status !== 200);
          if (bad.length)
            failures.push(`webhook for ${invoice.id}: ${bad.map((d) => `${d.status} ${d.body}`).join('; ')}`);
          else written.payments.push({ invoiceId: invoice.id, providerId: p.id, clientId: c.id, sessionId });
        } else if (pick < 0.7) {
          const text = body('client');
          const answer = await timed<{ id: string; seq: number }>(
            'message',
            'client message',
            () =>
              c.api.call('POST', `${portal}/projects/${c.projectId}/messages`, {
                clientMessageId: randomUUID(),
                body: text,
              }),
            [201],
          );
          if (answer)
            written.messages.push({
              id: answer.body.id,
              seq: answer.body.seq,
              body: text,
              providerId: p.id,
              clientId: c.id,
              projectId: c.projectId,
              side: 'client',
            });
        } else if (pick < 0.82) {
          const answer = await timed<{ id: string; latestVersion: { id: string } }>(
            'upload',
            'client upload',
            () =>
              c.api.upload(
                `${portal}/projects/${c.projectId}/files`,
                'notes.rtf',
                rtf(body('notes')),
                'application/rtf',
              ),
            [201],
          );
          if (answer) {
            const file = {
              id: answer.body.id,
              versionId: answer.body.latestVersion.id,
              providerId: p.id,
              clientId: c.id,
              uploadedBy: 'client' as const,
            };
            written.files.push(file);
            forProvider.get(p.id)?.push(file);
          }
        } else if (pick < 0.92) {
          await timed(
            'notifications',
            'client notifications',
            () => c.api.call('GET', `${portal}/notifications?limit=20`),
            [200],
          );
        } else {
          const seqs = written.messages.filter((m) => m.projectId === c.projectId).map((m) => m.seq);
          await timed(
            'read',
            'client reads',
            () =>
              c.api.call('POST', `${portal}/projects/${c.projectId}/messages/read`, {
                upToSeq: Math.max(0, ...seqs),
              }),
            [200, 204],
          );
        }
      }

      async function actor(turn: (rnd: () => number) => Promise<void>, seed: number) {
        const rnd = random(seed);
        while (Date.now() < stopAt) {
          await turn(rnd);
          await new Promise((r) => setTimeout(r, PACE_MS * (0.5 + rnd())));
        }
      }

      const actors: Promise<void>[] = [];
      for (const [i, p] of world.entries()) {
        actors.push(actor((rnd) => providerTurn(p, rnd), SEED * 100 + i));
        for (const [j, c] of p.clients.entries())
          actors.push(actor((rnd) => clientTurn(p, c, rnd), SEED * 100 + 10 * (i + 1) + j));
      }
      await Promise.all(actors);
      const loadSeconds = (performance.now() - loadStarted) / 1000;

      // --- Throughput ----------------------------------------------------------------------------------
      const pct = (values: number[], q: number) => {
        const sorted = [...values].sort((a, b) => a - b);
        return sorted.length
          ? (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number)
          : 0;
      };
      let total = 0;
      const lines: string[] = [];
      for (const [kind, s] of stats) {
        total += s.count;
        lines.push(
          `  ${kind.padEnd(15)} ${String(s.count).padStart(5)} (${(s.count / loadSeconds).toFixed(1)}/s) p50 ${pct(s.latencies, 0.5).toFixed(0)} ms p99 ${pct(s.latencies, 0.99).toFixed(0)} ms statuses ${JSON.stringify(Object.fromEntries(s.statuses))}`,
        );
      }
      console.log(
        `soak: ${SOAK_SECONDS} s, ${world.length} providers × ${CLIENTS} clients, ${sockets.length} sockets; ${total} requests in ${loadSeconds.toFixed(1)} s = ${(total / loadSeconds).toFixed(1)}/s; per instance ${JSON.stringify(Object.fromEntries(proxy.counts))}\n${lines.join('\n')}`,
      );
      expect(failures, 'requests that failed (5xx, timeouts, unexpected statuses)').toEqual([]);

      // --- Quiescence ----------------------------------------------------------------------------------
      const schema = 'graphile_worker';
      const quietDeadline = Date.now() + DRAIN_MS;
      const scopeRows = async () =>
        admin<{ seq: string; provider_id: string; client_id: string; client_visible: boolean }[]>`
          SELECT seq::text, provider_id, client_id, client_visible FROM activity_feed`;
      const expectedFor = (s: Sock, rows: Awaited<ReturnType<typeof scopeRows>>) =>
        rows
          .filter(
            (r) =>
              Number(r.seq) > s.startSeq &&
              r.provider_id === s.providerId &&
              (s.clientId === null || (r.client_id === s.clientId && r.client_visible)),
          )
          .map((r) => Number(r.seq));
      let state = '';
      let settledSince: number | null = null;
      for (;;) {
        const [jobs] = await admin.unsafe<{ due: string; locked: string }[]>(
          `SELECT count(*) FILTER (WHERE attempts < max_attempts)::text AS due,
                  count(*) FILTER (WHERE locked_at IS NOT NULL)::text AS locked
           FROM ${schema}._private_jobs`,
        );
        const [mail] = await admin<{ pending: string }[]>`
          SELECT count(*)::text AS pending FROM outbox_emails WHERE status = 'pending'`;
        const [pushes] = await admin<{ open: string }[]>`
          SELECT count(*)::text AS open FROM invoices
          WHERE status <> 'draft' AND (coalesce(stripe_push_state, 'none') NOT IN ('sent', 'skipped')
            OR (status = 'paid' AND coalesce(stripe_close_state, 'none') <> 'done'))`;
        const rows = await scopeRows();
        const missing = sockets.filter((s) => {
          const got = new Set(s.socket.activity().map((m) => m.seq));
          return expectedFor(s, rows).some((seq) => !got.has(seq));
        });
        state = `jobs due ${jobs?.due} locked ${jobs?.locked}, mails pending ${mail?.pending}, Stripe pushes or closes open ${pushes?.open}, sockets missing events ${missing.length}`;
        const settled =
          jobs?.due === '0' && jobs.locked === '0' && mail?.pending === '0' && pushes?.open === '0';
        if (settled && missing.length === 0) break;
        // Everything else quiet for SOCKET_GRACE_MS and a socket still short: the checks below say which.
        settledSince = settled ? (settledSince ?? Date.now()) : null;
        if (settledSince !== null && Date.now() - settledSince > SOCKET_GRACE_MS) break;
        if (Date.now() > quietDeadline) {
          const left = await admin.unsafe<{ task: string; n: string }[]>(
            `SELECT t.identifier AS task, count(*)::text AS n
             FROM ${schema}._private_jobs j JOIN ${schema}._private_tasks t ON t.id = j.task_id GROUP BY 1`,
          );
          throw new Error(`not quiet after ${DRAIN_MS} ms: ${state}; jobs left ${JSON.stringify(left)}`);
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      console.log(
        `soak: quiet ${((performance.now() - loadStarted) / 1000 - loadSeconds).toFixed(1)} s after the load`,
      );

      // --- Every message answered 2xx: once through the API, once in the database ------------------------
      const messageIds = written.messages.map((m) => m.id);
      expect(new Set(messageIds).size).toBe(messageIds.length);
      for (const p of world) {
        for (const c of p.clients) {
          const seen: string[] = [];
          let cursor: string | null = null;
          do {
            const page: { items: { id: string }[]; nextCursor: string | null } = await p.api.ok(
              'GET',
              `/api/projects/${c.projectId}/messages?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
            );
            seen.push(...page.items.map((m) => m.id));
            cursor = page.nextCursor;
          } while (cursor);
          const mine = written.messages.filter((m) => m.projectId === c.projectId).map((m) => m.id);
          expect(new Set(seen).size, 'no message listed twice').toBe(seen.length);
          expect([...seen].sort()).toEqual([...mine].sort());
        }
      }
      const [dbMessages] = await admin<{ n: string }[]>`SELECT count(*)::text AS n FROM messages`;
      expect(Number(dbMessages?.n)).toBe(messageIds.length);

      // --- Files and decisions ---------------------------------------------------------------------------
      const provider = new Map(world.map((p) => [p.id, p]));
      await eachConcurrently(written.files, async (file) => {
        const detail = await (provider.get(file.providerId) as WorldProvider).api.ok<{
          file: { status: string };
          history: { kind: string; statusAfter: string }[];
        }>('GET', `/api/files/${file.id}`);
        const decisions = written.decisions.filter((d) => d.fileId === file.id);
        expect(decisions.length).toBeLessThanOrEqual(1);
        expect(detail.history.filter((h) => h.kind === 'decision').map((h) => h.statusAfter)).toEqual(
          decisions.map((d) => d.decision),
        );
        expect(detail.file.status).toBe(decisions[0]?.decision ?? 'pending_review');
      });
      const [dbFiles] = await admin<{ files: string; versions: string; decisions: string }[]>`
        SELECT (SELECT count(*) FROM files)::text AS files, (SELECT count(*) FROM file_versions)::text AS versions,
               (SELECT count(*) FROM file_events WHERE kind = 'decision')::text AS decisions`;
      expect(Number(dbFiles?.files)).toBe(written.files.length);
      expect(Number(dbFiles?.versions)).toBe(written.files.length);
      expect(Number(dbFiles?.decisions)).toBe(written.decisions.length);

      // --- Invoices and their payments -------------------------------------------------------------------
      const paid = new Set(written.payments.map((p) => p.invoiceId));
      await eachConcurrently(written.invoices, async (invoice) => {
        const got = await (provider.get(invoice.providerId) as WorldProvider).api.ok<{
          status: string;
          paidVia: string | null;
          payments?: unknown[];
        }>('GET', `/api/invoices/${invoice.id}`);
        expect(got.status, `invoice ${invoice.id}`).toBe(
          paid.has(invoice.id) ? 'paid' : invoice.sent ? 'sent' : 'draft',
        );
        if (paid.has(invoice.id)) expect(got.paidVia).toBe('stripe_checkout');
      });
      const [dbInvoices] = await admin<{ invoices: string; payments: string; paid: string }[]>`
        SELECT (SELECT count(*) FROM invoices)::text AS invoices,
               (SELECT count(*) FROM invoice_payments WHERE outcome = 'applied' AND source = 'stripe_checkout')::text AS payments,
               (SELECT count(*) FROM invoice_payments)::text AS paid`;
      expect(Number(dbInvoices?.invoices)).toBe(written.invoices.length);
      expect(Number(dbInvoices?.payments)).toBe(written.payments.length);
      expect(Number(dbInvoices?.paid), 'no payment refunded or recorded twice').toBe(written.payments.length);

      const perInvoice = await admin<{ invoice_id: string; n: string }[]>`
        SELECT invoice_id, count(*)::text AS n FROM invoice_payments GROUP BY invoice_id`;
      expect(
        perInvoice.map((r) => [r.invoice_id, Number(r.n)]).sort(),
        'one payment per paid invoice',
      ).toEqual([...paid].map((id) => [id, 1]).sort());

      // --- Notifications: one activity row per write ------------------------------------------------------
      const activity = await admin<
        { seq: string; activity_type: string; metadata: Record<string, unknown> }[]
      >`
        SELECT seq::text, activity_type, metadata FROM activity_feed`;
      const byRef = (key: string, id: string, type: string) =>
        activity.filter((a) => a.activity_type === type && a.metadata[key] === id).length;
      for (const m of written.messages)
        expect(byRef('messageId', m.id, 'message'), `message ${m.id}`).toBe(1);
      for (const f of written.files) expect(byRef('fileId', f.id, 'file_upload'), `file ${f.id}`).toBe(1);
      for (const d of written.decisions)
        expect(byRef('fileId', d.fileId, 'file_approval'), `decision ${d.fileId}`).toBe(1);
      for (const invoice of written.invoices) {
        const rows = activity.filter((a) => a.metadata.invoiceId === invoice.id);
        const of = (type: string, status: string) =>
          rows.filter((a) => a.activity_type === type && a.metadata.status === status).length;
        expect(of('invoice_created', 'draft'), `invoice ${invoice.id} created`).toBe(1);
        expect(of('invoice_status', 'sent'), `invoice ${invoice.id} sent`).toBe(invoice.sent ? 1 : 0);
        expect(of('invoice_status', 'paid'), `invoice ${invoice.id} paid`).toBe(paid.has(invoice.id) ? 1 : 0);
        expect(rows, `invoice ${invoice.id}: nothing else (no Stripe failure)`).toHaveLength(
          1 + (invoice.sent ? 1 : 0) + (paid.has(invoice.id) ? 1 : 0),
        );
      }
      const sentCount = written.invoices.filter((i) => i.sent).length;
      expect(
        activity.filter((a) => Number(a.seq) > loadFromSeq),
        'no activity but the writes’',
      ).toHaveLength(
        written.messages.length +
          written.files.length +
          written.decisions.length +
          written.invoices.length +
          sentCount +
          written.payments.length,
      );
      // Through the API: each side's notification list, paged, holds its scope's rows once each.
      const listed = async (api: Api, path: string) => {
        const seqs: number[] = [];
        let cursor: string | null = null;
        do {
          const page: { items: { seq: number }[]; nextCursor: string | null } = await api.ok(
            'GET',
            `${path}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          );
          seqs.push(...page.items.map((item) => item.seq));
          cursor = page.nextCursor;
        } while (cursor);
        return seqs;
      };
      const everything = await scopeRows();
      for (const p of world) {
        const seqs = await listed(p.api, '/api/notifications');
        expect(new Set(seqs).size, `${p.email}: no notification twice`).toBe(seqs.length);
        expect(seqs.sort((a, b) => a - b)).toEqual(
          everything
            .filter((r) => r.provider_id === p.id)
            .map((r) => Number(r.seq))
            .sort((a, b) => a - b),
        );
        for (const c of p.clients) {
          const mine = await listed(c.api, `/api/portal/${c.portalId}/notifications`);
          expect(new Set(mine).size, `${c.email}: no notification twice`).toBe(mine.length);
          expect(mine.sort((a, b) => a - b)).toEqual(
            everything
              .filter((r) => r.provider_id === p.id && r.client_id === c.id && r.client_visible)
              .map((r) => Number(r.seq))
              .sort((a, b) => a - b),
          );
        }
      }

      // --- Every socket saw exactly its scope's events after it connected ---------------------------------
      const rows = await scopeRows();
      for (const s of sockets) {
        const seqs = s.socket.activity().map((m) => m.seq);
        expect(new Set(seqs).size, `${s.label}: no event twice`).toBe(seqs.length);
        expect(
          [...seqs].sort((a, b) => a - b),
          `${s.label}: its scope's events`,
        ).toEqual(expectedFor(s, rows).sort((a, b) => a - b));
        const closed = await Promise.race([s.socket.closed, Promise.resolve(null)]);
        expect(closed, `${s.label} still open`).toBeNull();
      }
      for (const s of sockets) {
        const got = new Map<string, number>();
        for (const a of s.socket.activity())
          if (a.message) got.set(a.message.id, (got.get(a.message.id) ?? 0) + 1);
        const theirs = written.messages.filter(
          (m) => m.providerId === s.providerId && (s.clientId === null || s.clientId === m.clientId),
        );
        expect(
          theirs.filter((m) => got.get(m.id) !== 1).map((m) => m.id),
          `${s.label}: messages not received exactly once (with the message itself)`,
        ).toEqual([]);
      }

      // --- The job queue: empty (nothing left to run, nothing failed for good) -------------------------
      const jobs = await admin.unsafe<
        { task: string; run_at: Date; attempts: number; max_attempts: number; last_error: string | null }[]
      >(
        `SELECT t.identifier AS task, j.run_at, j.attempts, j.max_attempts, j.last_error
         FROM ${schema}._private_jobs j JOIN ${schema}._private_tasks t ON t.id = j.task_id`,
      );
      expect(jobs, 'jobs left in the queue (or failed for good)').toEqual([]);

      // --- Every mail delivered once ------------------------------------------------------------------------
      const outbox = await admin<
        { id: string; status: string; kind: string; to_address: string; subject: string; text_body: string }[]
      >`SELECT id, status, kind, to_address, subject, text_body FROM outbox_emails`;
      expect(
        outbox.filter((m) => m.status !== 'sent'),
        'mails not sent',
      ).toEqual([]);
      const keys = resend.received.map((r) => r.idempotencyKey);
      expect(new Set(keys).size, 'no mail received twice').toBe(keys.length);
      expect([...keys].sort()).toEqual(outbox.map((m) => `outbox/${m.id}`).sort());
      const invoiceMails = outbox.filter((m) => m.kind === 'invoice_sent').length;
      expect(invoiceMails).toBe(written.invoices.filter((i) => i.sent).length);
      // The digests: every message of the other side was e-mailed to its recipient at most once, and every
      // one not e-mailed was read (sending a message reads the conversation up to it). A digest covers the
      // unread messages up to the last one it quotes: ordered by that message, each digest counts no more
      // messages than came after the previous digest's, and what came after the last digest is read.
      const digests = outbox.filter((m) => m.kind === 'message_digest');
      const reads = await admin<{ project_id: string; reader: string; last_read_seq: string | null }[]>`
        SELECT project_id, reader, last_read_seq::text FROM conversation_reads`;
      for (const p of world) {
        for (const c of p.clients) {
          const project = `Project ${world.indexOf(p) + 1}.${p.clients.indexOf(c) + 1}`;
          for (const [reader, to, sender] of [
            ['provider', p.email, 'client'],
            ['client', c.email, 'provider'],
          ] as const) {
            const sent = written.messages
              .filter((m) => m.projectId === c.projectId && m.side === sender)
              .sort((x, y) => x.seq - y.seq);
            const windows = digests
              .filter((d) => d.to_address === to && d.subject.endsWith(` in ${project}`))
              .map((d) => {
                const quotes = [...d.text_body.matchAll(/“([^”]*)”/g)].map((q) => q[1]);
                const last = sent.find((m) => m.body === quotes.at(-1));
                expect(
                  last,
                  `${project}: a digest to the ${reader} quotes a message of the ${sender}`,
                ).toBeDefined();
                return {
                  seq: last?.seq ?? 0,
                  count: Number(/^(\d+) new messages/.exec(d.subject)?.[1] ?? 1),
                };
              })
              .sort((x, y) => x.seq - y.seq);
            let after = 0;
            for (const w of windows) {
              expect(w.seq, `${project}: two digests to the ${reader} end at one message`).toBeGreaterThan(
                after,
              );
              const between = sent.filter((m) => m.seq > after && m.seq <= w.seq).length;
              expect(
                w.count,
                `${project}: a digest to the ${reader} counts a message twice`,
              ).toBeLessThanOrEqual(between);
              after = w.seq;
            }
            const read = Number(
              reads.find((r) => r.project_id === c.projectId && r.reader === reader)?.last_read_seq ?? 0,
            );
            expect(
              sent.filter((m) => m.seq > after && m.seq > read).map((m) => m.id),
              `${project}: messages to the ${reader} neither read nor e-mailed`,
            ).toEqual([]);
          }
        }
      }

      // --- Webhooks: every delivery of the stand-in answered 200 -------------------------------------------
      expect(
        stripe.deliveries.filter((d) => d.status !== 200),
        'webhook deliveries not answered 200',
      ).toEqual([]);

      // --- No error in either instance's log ----------------------------------------------------------------
      for (const instance of instances)
        expect(instance.errors(), `errors logged by :${instance.port}`).toEqual([]);
      const warnings = instances.map((instance) =>
        instance
          .output()
          .split('\n')
          .filter((line) => line.includes('"level":"warn"'))
          .map((line) => line.slice(0, 600)),
      );
      console.log(
        `soak: warnings logged per instance: ${JSON.stringify(warnings.map((w) => w.length))} \n${warnings.flat().slice(0, 6).join('\n')}`,
      );
      console.log(
        `soak: written ${written.messages.length} messages, ${written.files.length} files, ${written.decisions.length} decisions, ${written.invoices.length} invoices (${written.invoices.filter((i) => i.sent).length} sent), ${written.payments.length} paid; ${activity.length} activity rows; ${outbox.length} mails of which ${digests.length} digests; ${stripe.deliveries.length} Stripe webhooks`,
      );
    },
    SOAK_SECONDS * 1000 + DRAIN_MS + 120_000,
  );
});
