import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloseCode } from '../../shared/realtime/protocol';
import { createScratchDatabase, type ServiceProcess, startServiceProcess } from './instance';
import { type Proxy as Balancer, startProxy } from './proxy';
import {
  ApiClient,
  addProject,
  instanceEnv,
  latestSeq,
  type Mailbox,
  type PortalClient,
  type Provider,
  portalWithClient,
  postMessage,
  signUpProvider,
  startMailbox,
  type WatchedSocket,
  waitFor,
  watch,
} from './world';

/*
 * A rolling restart of two instances (real processes, one scratch PostgreSQL database) behind the
 * round-robin proxy, under continuous traffic: two providers and their portal clients post messages,
 * the providers create clients (with Idempotency-Key) and invite some (a send_mail job each, through a
 * mail provider that takes 1 s, longer than the jobs' shutdown window), both sides read; every party has a realtime socket (the browser's
 * client), spread over both instances. Instance A gets SIGTERM; as a balancer does, the proxy stops
 * sending it new requests once its readiness says 503; a new A' starts and joins; then the same for B.
 * Afterwards: every write answered 2xx is there once, nothing was answered 5xx (but 503 with
 * Retry-After, retried), every socket saw every event of its scope once, every invitation was mailed
 * once (one Idempotency-Key at the provider: a job handed back at shutdown is sent again under it) and
 * no send_mail job is left, and no instance logged an error.
 */

const DATABASE_URL = process.env.DATABASE_URL;
/** How long after the first 503 of an instance's readiness the proxy still sends it requests. */
const BALANCER_NOTICES_MS = 700;

interface World {
  owner: Provider;
  client: PortalClient;
  projectId: string;
  /** Bodies of the messages answered 2xx, and their ids. */
  messages: Map<string, string>;
  /** Clients created (answered 2xx): e-mail → id; the invited ones. */
  clients: Map<string, string>;
  invited: Set<string>;
  sockets: { provider: WatchedSocket; client: WatchedSocket };
}

/** A new client of the world's portal (with an Idempotency-Key), invited when `invite`. */
async function newClient(api: ApiClient, world: World, label: string, invite: boolean) {
  const email = `new-${label}-${world.client.email}`;
  const created = await api.ok<{ id: string }>('POST', '/api/clients', {
    cookie: world.owner.cookie,
    body: { name: `New client ${label}`, email, portalId: world.client.portalId },
    idempotencyKey: randomUUID(),
  });
  world.clients.set(email, created.id);
  if (!invite) return;
  const invited = await api.call('POST', `/api/clients/${created.id}/invite`, { cookie: world.owner.cookie });
  if (invited.status !== 200) throw new Error(`invite: ${invited.status} ${JSON.stringify(invited.body)}`);
  world.invited.add(email);
}

describe.skipIf(!DATABASE_URL)('a rolling restart of two instances behind a proxy', () => {
  let db: Awaited<ReturnType<typeof createScratchDatabase>>;
  let mailbox: Mailbox;
  let admin: postgres.Sql;
  let proxy: Balancer;
  const instances: ServiceProcess[] = [];
  const worlds: World[] = [];
  const api = () => new ApiClient(proxy.url);
  const clients: ApiClient[] = [];

  const start = async () => {
    const instance = await startServiceProcess(
      instanceEnv(db.url, mailbox, {
        JOBS_CONCURRENCY: '2',
        // Few connections: three instances at a time on a PostgreSQL shared with other tests.
        DATABASE_POOL_MAX: '4',
        WEBHOOKS_CONCURRENCY: '1',
        // A mail takes the provider a second: one running at SIGTERM goes back to the queue after 300 ms
        // and another instance sends it again, under the same Idempotency-Key (which Resend deduplicates).
        JOBS_SHUTDOWN_TIMEOUT_MS: '300',
        // The balancer below stops sending within BALANCER_NOTICES_MS of the readiness' 503: covered.
        SHUTDOWN_DRAIN_MS: '1500',
      }),
      { direct: true },
    );
    instances.push(instance);
    return instance;
  };

  beforeAll(async () => {
    db = await createScratchDatabase('rolling');
    mailbox = await startMailbox({ delayMs: 1_000 });
    admin = postgres(db.url, { max: 2, onnotice: () => {} });
    // One first (migrations), then the second beside it.
    const a = await start();
    const b = await start();
    // Kept-alive connections to the instances, as a production balancer keeps them.
    proxy = await startProxy([a.port, b.port], { keepAlive: true });
    const setup = api();
    for (const label of ['rolling-one', 'rolling-two']) {
      const owner = await signUpProvider(setup, mailbox, label);
      const client = await portalWithClient(setup, owner, label);
      const projectId = await addProject(setup, owner, client.clientId, `${label} project`);
      worlds.push({
        owner,
        client,
        projectId,
        messages: new Map(),
        clients: new Map(),
        invited: new Set(),
        sockets: undefined as unknown as World['sockets'],
      });
    }
  });

  afterAll(async () => {
    for (const w of worlds) {
      w.sockets?.provider.client.stop();
      w.sockets?.client.client.stop();
    }
    await Promise.all(instances.map((i) => i.stop('SIGKILL')));
    await proxy?.close();
    await admin?.end({ timeout: 1 });
    await mailbox?.close();
    await db?.drop();
  });

  it('loses no write, doubles none, answers no 5xx, and every socket sees every event once', async () => {
    const startedAt = Date.now();
    const from = await latestSeq(admin);
    for (const w of worlds) {
      w.sockets = {
        provider: watch(proxy.url, { cookie: w.owner.cookie }, from),
        client: watch(proxy.url, { client: w.client }, from),
      };
    }
    const allSockets = worlds.flatMap((w) => [w.sockets.provider, w.sockets.client]);
    await waitFor(() => allSockets.every((s) => s.client.status === 'open'), 20_000, 'every socket open');

    // Continuous traffic until the restarts are done.
    let running = true;
    const problems: string[] = [];
    const loop = (what: string, step: (n: number) => Promise<void>, pauseMs: number) =>
      (async () => {
        for (let n = 0; running; n++) {
          try {
            await step(n);
          } catch (err) {
            problems.push(`${what}: ${(err as Error).message}`);
          }
          await new Promise((r) => setTimeout(r, pauseMs));
        }
      })();
    const client = (w: World) => {
      const c = api();
      clients.push(c);
      return { w, c };
    };
    const traffic = worlds.flatMap((world) => {
      const provider = client(world);
      const portal = client(world);
      const admin_ = client(world);
      const reader = client(world);
      return [
        loop(
          'provider message',
          async (n) => {
            const body = `provider ${world.client.email} #${n}`;
            const answer = await postMessage(
              provider.c,
              { cookie: world.owner.cookie },
              world.projectId,
              body,
            );
            if (answer.status !== 201) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
            world.messages.set(body, answer.body.id);
          },
          60,
        ),
        loop(
          'client message',
          async (n) => {
            const body = `client ${world.client.email} #${n}`;
            const answer = await postMessage(portal.c, { client: world.client }, world.projectId, body);
            if (answer.status !== 201) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`);
            world.messages.set(body, answer.body.id);
          },
          60,
        ),
        loop(
          'new client',
          // At most 20 invitations an hour per provider: one every fourth client, 12 here, 4 in the bursts.
          (n) => newClient(admin_.c, world, `${n}`, n % 4 === 0 && world.invited.size < 12),
          250,
        ),
        loop(
          'reads',
          async (n) => {
            const path =
              n % 2
                ? `/api/portal/${world.client.portalId}/projects/${world.projectId}/messages`
                : `/api/projects/${world.projectId}/messages`;
            await reader.c.ok(
              'GET',
              path,
              n % 2 ? { bearer: world.client.token } : { cookie: world.owner.cookie },
            );
          },
          40,
        ),
      ];
    });

    /**
     * Two invitations per world at once, just before a SIGTERM: four mail jobs on two instances that run
     * two jobs each, so once three are at the mail provider the old instance has one running.
     */
    const burst = async (label: string) => {
      await Promise.all(
        worlds.flatMap((w) => [0, 1].map((i) => newClient(client(w).c, w, `${label}-${i}`, true))),
      );
      await waitFor(() => mailbox.pending() >= 3, 10_000, 'mail jobs running on both instances');
    };
    const traffic_ = (ms: number) => new Promise((r) => setTimeout(r, ms));
    /** SIGTERM one instance, take it out of the proxy as a balancer would (readiness 503), start its successor. */
    const roll = async (old: ServiceProcess, keep: ServiceProcess) => {
      const sockets = allSockets.map((s) => s.connections);
      await burst(`${old.port}`);
      old.child.kill('SIGTERM');
      const seen: string[] = [];
      await waitFor(
        async () => {
          const ready = await fetch(`${old.url}/api/health/ready`).catch((e: Error) => e);
          seen.push(ready instanceof Error ? String(ready.cause ?? ready) : String(ready.status));
          return !(ready instanceof Error) && ready.status === 503;
        },
        5_000,
        'the old instance to say it is not ready',
      ).catch((err: Error) => {
        throw new Error(
          `${err.message} (seen: ${[...new Set(seen)].join(', ')})\n${old.output().slice(-2000)}`,
        );
      });
      // A balancer takes the instance out after a few failed probes, not at the first: meanwhile it still
      // sends it requests, on its kept-alive connections too.
      await traffic_(BALANCER_NOTICES_MS);
      proxy.setUpstreams([keep.port]);
      const next = await start();
      proxy.setUpstreams([keep.port, next.port]);
      expect(await old.exited).toBe(0);
      // The old instance's sockets reconnected (elsewhere).
      await waitFor(
        () => allSockets.every((s) => s.client.status === 'open'),
        10_000,
        'every socket open again',
      );
      return { next, reconnected: allSockets.filter((s, i) => s.connections > (sockets[i] ?? 0)).length };
    };

    await traffic_(2_000);
    const first = await roll(instances[0] as ServiceProcess, instances[1] as ServiceProcess);
    await traffic_(2_000);
    const second = await roll(instances[1] as ServiceProcess, first.next);
    await traffic_(2_000);
    running = false;
    await Promise.all(traffic);
    const rolledAt = Date.now();

    expect(problems).toEqual([]);
    // No 5xx but 503 with Retry-After; no connection error reached a client.
    expect(clients.flatMap((c) => c.failures())).toEqual([]);
    // Both instances' sockets had to reconnect, each time.
    expect(first.reconnected).toBeGreaterThan(0);
    expect(second.reconnected).toBeGreaterThan(0);
    const codes = allSockets.flatMap((s) => s.closeCodes);
    // Each old instance had a mail job running at SIGTERM, longer than its window: handed back, sent elsewhere.
    const handedBack = instances
      .map((i) => i.output().split('job returned to the queue at shutdown').length - 1)
      .reduce((a, b) => a + b, 0);
    expect(handedBack).toBeGreaterThanOrEqual(2);
    expect(codes.filter((c) => c !== CloseCode.serviceRestart && c !== 1006)).toEqual([]);

    for (const w of worlds) {
      // Every message answered 2xx is there, once, and nothing else was written.
      const rows = await admin<{ id: string; body: string }[]>`
        SELECT id, body FROM messages WHERE project_id = ${w.projectId} AND body LIKE '% #%'`;
      expect(rows.length).toBe(w.messages.size);
      expect(new Map(rows.map((r) => [r.body, r.id]))).toEqual(w.messages);
      // Every client created once.
      const created = await admin<{ id: string; email: string }[]>`
        SELECT id, email FROM clients WHERE portal_id = ${w.client.portalId} AND email LIKE 'new-%'`;
      expect(created.length).toBe(w.clients.size);
      expect(new Map(created.map((r) => [r.email, r.id]))).toEqual(w.clients);
      // Every invitation mailed once.
      await waitFor(
        () => [...w.invited].every((email) => mailbox.to(email).length >= 1),
        20_000,
        'every invitation mailed',
      );
      // Once: a mail handed back at shutdown may reach the provider twice, under one Idempotency-Key.
      for (const email of w.invited) {
        const keys = new Set(mailbox.to(email).map((m) => m.idempotencyKey));
        expect([...keys], email).toHaveLength(1);
        expect([...keys][0], email).toMatch(/^outbox\//);
      }
    }
    // The queue has no mail left (a handed-back job's second run may still be finishing).
    const leftMail = () => admin<{ attempts: number; last_error: string | null; run_at: Date }[]>`
      SELECT j.attempts, j.last_error, j.run_at FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'send_mail'`;
    await waitFor(async () => (await leftMail()).length === 0, 20_000, 'no mail job left').catch(
      async (err) => {
        throw new Error(`${(err as Error).message}: ${JSON.stringify(await leftMail())}`);
      },
    );

    // Every socket saw every event of its scope once.
    for (const w of worlds) {
      const [owner] = await admin<{ id: string }[]>`SELECT id FROM users WHERE email = ${w.owner.email}`;
      const providerSeqs = (
        await admin<{ seq: string }[]>`
          SELECT seq::text FROM activity_feed WHERE provider_id = ${owner?.id ?? ''} AND seq > ${from} ORDER BY seq`
      )
        .map((r) => Number(r.seq))
        .sort((x, y) => x - y);
      const clientSeqs = (
        await admin<{ seq: string }[]>`
          SELECT seq::text FROM activity_feed
          WHERE client_id = ${w.client.clientId} AND client_visible AND seq > ${from} ORDER BY seq`
      )
        .map((r) => Number(r.seq))
        .sort((x, y) => x - y);
      expect(providerSeqs.length).toBeGreaterThan(20);
      for (const [socket, expected] of [
        [w.sockets.provider, providerSeqs],
        [w.sockets.client, clientSeqs],
      ] as const) {
        await waitFor(() => socket.activity.length >= expected.length, 15_000, 'every event on the socket');
        const seen = socket.activity.map((a) => a.seq);
        expect(seen.length).toBe(new Set(seen).size);
        expect([...seen].sort((x, y) => x - y)).toEqual(expected);
      }
    }

    // No instance logged an error.
    for (const instance of instances) expect(instance.errors(), instance.url).toEqual([]);
    const tookMs = Date.now() - startedAt;
    const writes = worlds.reduce((n, w) => n + w.messages.size + w.clients.size, 0);
    const requests = clients.reduce((n, c) => n + c.attempts.length, 0);
    const mails = worlds.reduce((n, w) => n + w.invited.size, 0);
    const calls = worlds.reduce((n, w) => n + [...w.invited].flatMap((e) => mailbox.to(e)).length, 0);
    const retried = clients
      .flatMap((c) => c.attempts)
      .filter((a) => a.status === 503 || a.status === 429).length;
    console.info(
      `rolling restart: ${tookMs} ms (traffic ${rolledAt - startedAt} ms), ${requests} requests, ${writes} writes, ` +
        `${retried} answered 503/429 and retried, socket reconnects ${first.reconnected} + ${second.reconnected}, ` +
        `close codes ${JSON.stringify(codes)}, ${mails} invitations in ${calls} provider calls, ` +
        `${handedBack} jobs handed back at shutdown`,
    );
  });
});
