import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type TestSocket } from '../../api/realtime/testing';
import { type ResendStandIn, startResendStandIn } from '../../api/testing/resend-stand-in';
import { TERMINAL_CLOSE_CODES } from '../../shared/realtime/protocol';
import { type ApiWorld, apiRequest, makeApiWorld, pngForm } from './api-world';
import { type ServiceProcess, startServiceProcess } from './instance';
import { canCreateClusters, createCluster, type TestCluster } from './pg-cluster';

/**
 * PostgreSQL restarted under live traffic (issue 31, "Faults survived"): two service processes on a
 * cluster of this test's own, a provider and a portal client made through the API, messages from both
 * sides, uploads, sign-in links mailed through the job queue to the Resend stand-in, and a realtime
 * socket per side (the provider's on instance A, the client's on B). The cluster is restarted
 * (`pg_ctlcluster restart -m fast`), then stopped for a few seconds and started again. Checked: the
 * processes carry on by themselves; every request answered within the bound with 2xx or 503 and
 * `Retry-After`; readiness said `database_unreachable` meanwhile and ready after; every write answered
 * 2xx is in the database (a message retried with its `clientMessageId` is stored once); every mail went
 * out once and the queue drained; every socket saw every message of its scope once; no `error` in the logs.
 */

const skip = !canCreateClusters() && !process.env.CI;
if (skip)
  console.warn('pg-restart.test.ts skipped: pg_createcluster (postgresql-common) is missing; CI runs it');

/** Every answer must come within this, also while the database is down. */
const ANSWER_BOUND_MS = 10_000;
/** How long the second outage keeps the server down on purpose. */
const DOWN_MS = 4_000;
const ORIGIN = 'http://localhost:3000';

interface Outcome {
  lane: string;
  instance: string;
  status: number | 'timeout' | 'network';
  retryAfter: string | null;
  ms: number;
  at: number;
  detail?: string;
}

/** A realtime socket that reconnects as the browser client does (after the highest seq it has). */
class LiveSocket {
  current: TestSocket | undefined;
  /** Every activity event received on any of its connections, in order. */
  readonly events: { seq: number; messageId: string | undefined; connection: number }[] = [];
  private connections = 0;
  reconnects = 0;
  closes: number[] = [];
  /** Why each reconnect attempt failed (during the outage: a refused upgrade, or a hello closed with 1013). */
  failures: string[] = [];
  private since = 0;
  private stopped = false;

  constructor(
    private readonly base: string,
    private readonly opts: Parameters<typeof connect>[1],
  ) {}

  async open(): Promise<void> {
    const seen = this.events.map((e) => e.seq).filter((s) => s > this.since);
    const lastSeq = seen.length ? Math.max(...seen) : this.since || undefined;
    const socket = await connect(this.base, {
      ...this.opts,
      ...(lastSeq !== undefined ? { lastSeq } : {}),
      ...(lastSeq !== undefined ? { lookBack: { since: this.since, recent: seen.slice(-200) } } : {}),
    });
    this.current = socket;
    const connection = this.connections++;
    let taken = 0;
    const take = () => {
      for (; taken < socket.messages.length; taken++) {
        const m = socket.messages[taken];
        if (m?.type === 'ready' && this.since === 0 && this.events.length === 0) this.since = m.latestSeq;
        if (m?.type === 'activity') this.events.push({ seq: m.seq, messageId: m.message?.id, connection });
      }
    };
    take();
    socket.ws.on('message', () => queueMicrotask(take));
    socket.closed.then(({ code }) => {
      take();
      this.closes.push(code);
      if (this.stopped || (TERMINAL_CLOSE_CODES as readonly number[]).includes(code)) return;
      this.reconnects++;
      void this.reopen();
    });
  }

  private async reopen(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.open();
        return;
      } catch (err) {
        this.failures.push(String(err));
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  messageIds(): string[] {
    return this.events.flatMap((e) => (e.messageId ? [e.messageId] : []));
  }

  async close(): Promise<void> {
    this.stopped = true;
    await this.current?.close();
  }
}

describe.skipIf(skip)('PostgreSQL restarted under live traffic', () => {
  let cluster: TestCluster | undefined;
  let standIn: ResendStandIn;
  let filesDir: string;
  const services: ServiceProcess[] = [];
  let admin: postgres.Sql;
  let world: ApiWorld;
  const sockets: LiveSocket[] = [];

  beforeAll(async () => {
    cluster = await createCluster('pgfault');
    const bootstrap = postgres(cluster.url(), { max: 1, onnotice: () => {} });
    await bootstrap.unsafe('CREATE DATABASE portal');
    await bootstrap.end();
    admin = postgres(cluster.url('portal'), { max: 2, onnotice: () => {} });
    standIn = await startResendStandIn();
    filesDir = mkdtempSync(join(tmpdir(), 'pg-restart-files-'));
    const env = {
      DATABASE_URL: cluster.url('portal'),
      PUBLIC_URL: ORIGIN,
      DATA_DIR: filesDir,
      RESEND_API_KEY: 're_fault_test',
      RESEND_BASE_URL: standIn.url,
      RATE_LIMIT_DISABLED: 'true',
      JOBS_CONCURRENCY: '2',
      JOBS_RETRY_BASE_MS: '1000',
      DATABASE_POOL_MAX: '6',
    };
    // One after the other: both would run the migrations at once otherwise (they take turns anyway).
    services.push(await startServiceProcess(env));
    services.push(await startServiceProcess(env));
    world = await makeApiWorld((services[0] as ServiceProcess).url, ORIGIN, standIn);
  }, 180_000);

  afterAll(async () => {
    // The instances' logs, for a failure's reading.
    services.forEach((s, i) => {
      const file = join(tmpdir(), `pg-restart-${cluster?.name ?? 'x'}-${i ? 'B' : 'A'}.log`);
      writeFileSync(file, s.output());
      console.info(`instance ${i ? 'B' : 'A'}'s log: ${file}`);
    });
    for (const socket of sockets) await socket.close().catch(() => {});
    for (const service of services) await service.stop().catch(() => {});
    await admin?.end({ timeout: 1 }).catch(() => {});
    await standIn?.close().catch(() => {});
    await cluster?.drop();
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  }, 60_000);

  it('reconnects by itself: answers 2xx or 503 with Retry-After, loses no write, runs each job once, sockets catch up', async () => {
    const [a, b] = services as [ServiceProcess, ServiceProcess];
    const pids = services.map((s) => s.child.pid);
    const startedAt = Date.now();
    const outcomes: Outcome[] = [];
    let running = true;

    const providerSocket = new LiveSocket(a.url, {
      audience: 'provider',
      origin: ORIGIN,
      cookie: world.provider.cookie,
    });
    const clientSocket = new LiveSocket(b.url, {
      audience: 'portal',
      origin: ORIGIN,
      token: world.client.token,
      portalId: world.portalId,
    });
    sockets.push(providerSocket, clientSocket);
    await providerSocket.open();
    await clientSocket.open();

    /** One request, timed and bounded; the answer's status (or why there was none). */
    const attempt = async (
      lane: string,
      instance: ServiceProcess,
      send: (signalMs: number) => Promise<Response>,
    ): Promise<{ status: Outcome['status']; body: unknown }> => {
      const t0 = Date.now();
      let status: Outcome['status'];
      let retryAfter: string | null = null;
      let body: unknown;
      let detail: string | undefined;
      try {
        const res = await send(ANSWER_BOUND_MS);
        status = res.status;
        retryAfter = res.headers.get('retry-after');
        const text = await res.text();
        body = text.startsWith('{') ? JSON.parse(text) : text;
        if (status >= 300) detail = text.slice(0, 300);
      } catch (err) {
        status = (err as Error).name === 'TimeoutError' ? 'timeout' : 'network';
        detail = String(err);
      }
      outcomes.push({
        lane,
        instance: instance === a ? 'A' : 'B',
        status,
        retryAfter,
        ms: Date.now() - t0,
        at: Date.now(),
        ...(detail ? { detail } : {}),
      });
      return { status, body };
    };
    const ok = (status: Outcome['status']) => typeof status === 'number' && status >= 200 && status < 300;
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

    // Messages: each retried with its clientMessageId until answered 2xx, as the apps do.
    const messages = new Map<string, { id: string | undefined; side: 'provider' | 'client' }>();
    const messageLane = async (side: 'provider' | 'client', instance: ServiceProcess) => {
      for (let n = 0; running; n++) {
        const clientMessageId = crypto.randomUUID();
        messages.set(clientMessageId, { id: undefined, side });
        const body = { clientMessageId, body: `${side} message ${n}` };
        for (;;) {
          const { status, body: answer } = await attempt(`${side} message`, instance, (timeoutMs) =>
            side === 'provider'
              ? apiRequest(instance.url, 'POST', `/api/projects/${world.projectId}/messages`, {
                  origin: ORIGIN,
                  cookie: world.provider.cookie,
                  json: body,
                  timeoutMs,
                })
              : apiRequest(
                  instance.url,
                  'POST',
                  `/api/portal/${world.portalId}/projects/${world.projectId}/messages`,
                  { origin: ORIGIN, bearer: world.client.token, json: body, timeoutMs },
                ),
          );
          if (ok(status)) {
            messages.set(clientMessageId, { id: (answer as { id: string }).id, side });
            break;
          }
          if (status !== 503) return; // anything else fails the test below
          await pause(250);
        }
        await pause(300);
      }
    };
    // Uploads: not idempotent; a 503 is simply not retried.
    const files: string[] = [];
    const uploadLane = async () => {
      for (let n = 0; running; n++) {
        const form = await pngForm(n);
        const { status, body } = await attempt('upload', a, (timeoutMs) =>
          apiRequest(a.url, 'POST', `/api/projects/${world.projectId}/files`, {
            origin: ORIGIN,
            cookie: world.provider.cookie,
            form,
            timeoutMs,
          }),
        );
        if (ok(status)) files.push((body as { id: string }).id);
        await pause(600);
      }
    };
    // Sign-in links: each 2xx is a mail queued (outbox row + send_mail job) in the request.
    let linksSent = 0;
    const linkLane = async () => {
      while (running) {
        const { status } = await attempt('magic link', b, (timeoutMs) =>
          apiRequest(b.url, 'POST', '/api/portal/magic-link', {
            origin: ORIGIN,
            json: { email: world.client.email, portalId: world.portalId },
            timeoutMs,
          }),
        );
        if (ok(status)) linksSent++;
        await pause(700);
      }
    };
    // Readiness of both instances.
    const readiness: { instance: string; at: number; status: number; reasons: string[] }[] = [];
    const readyLane = async (instance: ServiceProcess, name: string) => {
      while (running) {
        try {
          const res = await fetch(`${instance.url}/api/health/ready`, {
            signal: AbortSignal.timeout(ANSWER_BOUND_MS),
          });
          const body = (await res.json()) as { reasons: string[] };
          readiness.push({ instance: name, at: Date.now(), status: res.status, reasons: body.reasons });
        } catch (err) {
          readiness.push({ instance: name, at: Date.now(), status: 0, reasons: [String(err)] });
        }
        await pause(250);
      }
    };
    const lanes = [
      messageLane('provider', a),
      messageLane('client', b),
      messageLane('provider', b),
      uploadLane(),
      linkLane(),
      readyLane(a, 'A'),
      readyLane(b, 'B'),
    ];

    /** Polls until every lane had `n` more 2xx answers than at `since` (each instance answering). */
    const progress = async (since: number, n: number, what: string) => {
      const deadline = Date.now() + 45_000;
      for (;;) {
        const after = outcomes.filter((o) => o.at > since && ok(o.status));
        const lanesOk = ['provider message', 'client message', 'upload', 'magic link'].every(
          (lane) => after.filter((o) => o.lane === lane).length >= n,
        );
        const ready = ['A', 'B'].every((i) =>
          readiness.some((r) => r.instance === i && r.at > since && r.status === 200),
        );
        if (lanesOk && ready) return;
        if (Date.now() > deadline)
          throw new Error(`no progress ${what}: ${JSON.stringify(outcomes.slice(-10))}`);
        await pause(100);
      }
    };
    const until = async (check: () => boolean | Promise<boolean>, what: string, ms = 30_000) => {
      const deadline = Date.now() + ms;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await pause(200);
      }
    };

    const live = cluster as TestCluster;
    const outages: { kind: string; downMs: number; unreadyMs: number }[] = [];
    /** From the moment the server went down until both instances are ready again. */
    const outage = async (kind: string, act: () => Promise<void>) => {
      const t0 = Date.now();
      await act();
      const up = Date.now();
      await progress(up, 2, `after the ${kind}`);
      const unready = readiness.filter((r) => r.at >= t0 && r.status !== 200);
      outages.push({
        kind,
        downMs: up - t0,
        unreadyMs: unready.length ? Math.max(...unready.map((r) => r.at)) - t0 : 0,
      });
    };

    try {
      await progress(startedAt, 2, 'before the restarts');
      await outage('restart -m fast', () => live.restart('fast'));
      await outage('stop, 4 s down, start', async () => {
        await live.stop('fast');
        const stoppedAt = Date.now();
        await until(
          () => readiness.some((r) => r.at > stoppedAt && r.reasons.includes('database_unreachable')),
          'readiness to say database_unreachable',
          DOWN_MS * 2,
        );
        // Both sockets dropped (a network blip) while the database is away: they reconnect during the
        // outage (refused with 503, or their hello closed with 1013, until it is back) and catch up.
        for (const socket of [providerSocket, clientSocket]) socket.current?.ws.close();
        await pause(Math.max(0, DOWN_MS - (Date.now() - stoppedAt)));
        await live.start();
      });
    } finally {
      running = false;
      await Promise.all(lanes);
    }

    // The processes carried on by themselves.
    expect(services.map((s) => s.child.exitCode)).toEqual([null, null]);
    expect(services.map((s) => s.child.pid)).toEqual(pids);

    // Every answer within the bound, 2xx or 503 with Retry-After; 503s did happen.
    const bad = outcomes.filter(
      (o) => !(ok(o.status) || (o.status === 503 && o.retryAfter !== null)) || o.ms > ANSWER_BOUND_MS,
    );
    expect(bad, JSON.stringify(bad.slice(0, 10), null, 1)).toEqual([]);
    const unavailable = outcomes.filter((o) => o.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    expect(readiness.filter((r) => r.reasons.includes('database_unreachable')).length).toBeGreaterThan(0);
    expect(readiness.filter((r) => r.status !== 200 && r.status !== 503)).toEqual([]);

    // Every message stored once, with the id its 2xx answer gave; every upload answered 2xx is there.
    const rows = await admin<{ id: string; client_message_id: string }[]>`
      SELECT id, client_message_id FROM messages WHERE project_id = ${world.projectId}`;
    expect(rows.length).toBe(messages.size);
    expect(new Map(rows.map((r) => [r.client_message_id, r.id]))).toEqual(
      new Map([...messages].map(([cmid, m]) => [cmid, m.id])),
    );
    const stored = await admin<{ id: string }[]>`SELECT id FROM files WHERE id = ANY(${files}::uuid[])`;
    expect(stored.length).toBe(files.length);

    // Jobs: the digests (due in 5 minutes) brought forward; then the queue drains and every mail went out once.
    const queued = () =>
      admin<{ task: string; locked: boolean; attempts: number; error: string | null }[]>`
        SELECT t.identifier AS task, j.locked_at IS NOT NULL AS locked, j.attempts, j.last_error AS error
        FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id`;
    await until(async () => {
      // Retries (JOBS_RETRY_BASE_MS 1 s) and the digests: due now.
      await admin`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE locked_at IS NULL AND run_at > now()`;
      return (await queued()).length === 0;
    }, 'the job queue to drain').catch(async (err) => {
      throw new Error(`${err.message}: ${JSON.stringify(await queued())}`);
    });
    const outbox = await admin<{ id: string; status: string; to_address: string }[]>`
      SELECT id, status, to_address FROM outbox_emails`;
    expect(outbox.filter((m) => m.status !== 'sent')).toEqual([]);
    // Each outbox row reached the provider, always under its own Idempotency-Key: a delivery whose
    // `sent` could not be recorded (the database went down right after) is sent again with the same key,
    // which Resend answers without sending twice (the stand-in records both).
    const keys = standIn.received.map((m) => m.idempotencyKey);
    expect([...new Set(keys)].toSorted()).toEqual(outbox.map((m) => `outbox/${m.id}`).toSorted());
    const resent = keys.length - new Set(keys).size;
    const linkMails = outbox.filter((m) => m.to_address === world.client.email).length;
    expect(linkMails).toBeGreaterThanOrEqual(linksSent);
    expect(outbox.length).toBeGreaterThan(linkMails);

    // Every socket saw every message of its scope once (the provider's: all; the client's: all, both sides').
    const ids = rows.map((r) => r.id).toSorted();
    for (const [name, socket] of [
      ['provider', providerSocket],
      ['client', clientSocket],
    ] as const) {
      const missing = () => ids.filter((id) => !socket.messageIds().includes(id));
      await until(() => missing().length === 0, `the ${name} socket to catch up`, 20_000).catch((err) => {
        throw new Error(
          `${err.message}: ${missing().length} of ${ids.length} messages missing; closes ${socket.closes}, reconnects ${socket.reconnects}`,
        );
      });
    }
    for (const socket of [providerSocket, clientSocket]) {
      const twice = socket.events.filter(
        (e, i) => e.messageId && socket.events.findIndex((f) => f.messageId === e.messageId) !== i,
      );
      expect(
        twice,
        JSON.stringify({ twice, lastSeqs: socket.events.map((e) => [e.seq, e.connection]) }),
      ).toEqual([]);
      expect(socket.messageIds().toSorted()).toEqual(ids);
    }

    // The sockets came back by reconnecting through the outage; nothing refused them but with 503 or 1013.
    for (const socket of [providerSocket, clientSocket]) {
      expect(socket.reconnects).toBeGreaterThanOrEqual(1);
      expect(socket.failures.filter((f) => /unexpected (?!503)/.test(f))).toEqual([]);
      expect(socket.closes.filter((code) => code === 1011)).toEqual([]);
    }

    // No error in the logs.
    const errors = services.flatMap((s) => s.errors());
    expect(errors, JSON.stringify(errors.slice(0, 5), null, 1)).toEqual([]);

    console.info(
      JSON.stringify({
        outages,
        requests: outcomes.length,
        answered503: unavailable.length,
        slowestMs: Math.max(...outcomes.map((o) => o.ms)),
        messages: messages.size,
        uploads: files.length,
        links: linksSent,
        mails: outbox.length,
        mailsResentWithTheirKey: resent,
        socketEvents: sockets.map((s) => s.events.length),
        socketReconnects: sockets.map((s) => s.reconnects),
        socketAttemptsRefused: sockets.map((s) => s.failures.length),
        seconds: Math.round((Date.now() - startedAt) / 1000),
      }),
    );
  });
});
