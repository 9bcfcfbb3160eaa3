import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { loadConfig } from '../../api/config';
import { type Database, openDatabase } from '../../api/db/client';
import { createInProcessPubSub } from '../../api/db/pubsub';
import type { AppDeps } from '../../api/http/context';
import { createLogger } from '../../api/http/logger';
import { activityDuring, connect, lastSeqOf, type TestSocket } from '../../api/realtime/testing';
import { createDeps, type RunningServer, startServer } from '../../api/server';
import type { TestContext } from '../../api/testing/harness';
import { makeVictim, type Victim } from './isolation/world';

const dataDir = mkdtempSync(join(tmpdir(), 'realtime-test-'));
/**
 * Two server instances (createDeps + startServer, as api/main.ts runs them, each with its own pool and
 * its own LISTEN connection) on one fresh PostgreSQL database: what one instance writes reaches the
 * sockets of the other through LISTEN/NOTIFY, a reconnecting socket catches up, and an instance whose
 * LISTEN connection was killed catches up from the table.
 */
const url = process.env.DATABASE_URL;

interface Instance {
  deps: AppDeps;
  server: RunningServer;
  base: string;
}

describe.skipIf(!url)('realtime across two instances on one PostgreSQL', () => {
  let admin: postgres.Sql;
  let name: string;
  const instances: Instance[] = [];
  let a: Instance;
  let b: Instance;
  let victim: Victim;
  const origin = 'http://localhost:3000';
  const sockets: TestSocket[] = [];
  let opened: () => Promise<Database>;

  async function startInstance(db: Database, env: Record<string, string> = {}): Promise<Instance> {
    const config = loadConfig({
      ...env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DIST_DIR: join(import.meta.dirname, 'no-dist'),
      // Uploaded logos (the test world has one) go to a folder of this file's, removed afterwards.
      DATA_DIR: dataDir,
      JOBS_CONCURRENCY: env.JOBS_CONCURRENCY ?? '1',
      RATE_LIMIT_DISABLED: 'true',
    });
    const { deps } = await createDeps(config, createLogger('silent'), db);
    const server = await startServer(deps, db, { realtime: { heartbeatMs: 1_000 } });
    return { deps, server, base: `http://127.0.0.1:${server.port}` };
  }

  /** A message through an instance's HTTP API, as the dashboard sends it. */
  async function postAsProvider(instance: Instance, body: string) {
    const res = await fetch(`${instance.base}/api/projects/${victim.projectId}/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: victim.cookie },
      body: JSON.stringify({ clientMessageId: crypto.randomUUID(), body }),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return (await res.json()) as { id: string; seq: number; body: string };
  }

  const clientSocket = async (instance: Instance, extra: { lastSeq?: number } = {}) => {
    const socket = await connect(instance.base, {
      audience: 'portal',
      origin,
      token: victim.client.token,
      portalId: victim.portalId,
      ...extra,
    });
    sockets.push(socket);
    return socket;
  };

  const messageWith = (socket: TestSocket, body: string, timeoutMs?: number) =>
    socket.next((m) => m.type === 'activity' && m.message?.body === body, timeoutMs);

  beforeAll(async () => {
    if (!url) return;
    name = `realtime_${randomBytes(5).toString('hex')}`;
    admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const open = () =>
      openDatabase(
        { DATABASE_URL: dbUrl.href, DATA_DIR: undefined, DATABASE_POOL_MAX: 5 },
        createLogger('silent'),
      );
    opened = open;
    a = await startInstance(await open());
    b = await startInstance(await open());
    instances.push(a, b);
    const t = { app: createApp(a.deps), sql: a.deps.sql, deps: a.deps } as unknown as TestContext;
    victim = await makeVictim(t);
  }, 120_000);

  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    for (const socket of sockets) await socket.close();
    for (const instance of instances) await instance.server.stop();
    if (admin) {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('a message posted through instance A reaches a client socket on instance B, with the message itself', async () => {
    const socket = await clientSocket(b);
    const sent = await postAsProvider(a, 'Hello from instance A');
    const event = await messageWith(socket, 'Hello from instance A');
    expect(event).toMatchObject({
      type: 'activity',
      item: { type: 'message', senderType: 'provider', read: false, project: { id: victim.projectId } },
      message: { id: sent.id, body: 'Hello from instance A', mine: false, sender: { type: 'provider' } },
    });
    expect(event.type === 'activity' && event.item.title).toMatch(/message/i);
  });

  it('a cut socket reconnects with its last seq and gets the missed items once, in order', async () => {
    const first = await clientSocket(b);
    await postAsProvider(a, 'before the cut');
    await messageWith(first, 'before the cut');
    const last = lastSeqOf(first);
    await first.close();
    const missed = ['missed one', 'missed two', 'missed three'];
    for (const body of missed) await postAsProvider(a, body);
    const again = await clientSocket(b, { lastSeq: last });
    const caughtUp = again.activity();
    expect(caughtUp.map((m) => m.message?.body)).toEqual(missed);
    expect(caughtUp.map((m) => m.seq)).toEqual([...caughtUp.map((m) => m.seq)].sort((x, y) => x - y));
    // Live again, and nothing of the catch-up repeated.
    await postAsProvider(a, 'after the reconnect');
    await messageWith(again, 'after the reconnect');
    const seqs = again.activity().map((m) => m.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
  });

  it('kills the LISTEN connections: a message posted meanwhile still arrives', async () => {
    const socket = await clientSocket(b);
    const listensBefore = b.server.realtime.hub.stats().listens;
    const killed = await admin.unsafe(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = $1 AND query ILIKE 'listen "activity"%'`,
      [name],
    );
    expect(killed.length).toBeGreaterThanOrEqual(2);
    await postAsProvider(a, 'while LISTEN was down');
    await messageWith(socket, 'while LISTEN was down');
    await expect.poll(() => b.server.realtime.hub.stats().listens).toBeGreaterThan(listensBefore);
  });

  it('a notification that never reached instance B is caught up from the table once B re-subscribes', async () => {
    const socket = await clientSocket(b);
    // A publishes into its own process only: B's LISTEN never hears of this message, as when a
    // notification is sent while B's LISTEN connection is down.
    const publish = a.deps.pubsub;
    a.deps.pubsub = createInProcessPubSub();
    try {
      await postAsProvider(a, 'the lost notification');
    } finally {
      a.deps.pubsub = publish;
    }
    expect(await activityDuring(socket, 500)).toEqual([]);
    const listensBefore = b.server.realtime.hub.stats().listens;
    await admin.unsafe(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = $1 AND query ILIKE 'listen "activity"%'`,
      [name],
    );
    await messageWith(socket, 'the lost notification');
    expect(b.server.realtime.hub.stats().listens).toBeGreaterThan(listensBefore);
    // Exactly once, and the next live message too.
    await postAsProvider(a, 'live after the catch-up');
    await messageWith(socket, 'live after the catch-up');
    const bodies = socket.activity().map((m) => m.message?.body);
    expect(bodies.filter((x) => x === 'the lost notification')).toHaveLength(1);
    expect(bodies.filter((x) => x === 'live after the catch-up')).toHaveLength(1);
  });

  it('the provider on instance A sees the client’s reply posted through instance B, in German', async () => {
    const provider = await connect(a.base, {
      audience: 'provider',
      origin,
      cookie: victim.cookie,
      lang: 'de',
    });
    sockets.push(provider);
    const res = await fetch(`${b.base}/api/portal/${victim.portalId}/projects/${victim.projectId}/messages`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: origin,
        Authorization: `Bearer ${victim.client.token}`,
      },
      body: JSON.stringify({ clientMessageId: crypto.randomUUID(), body: 'Antwort des Kunden' }),
    });
    expect(res.status).toBeLessThan(300);
    const event = await messageWith(provider, 'Antwort des Kunden');
    expect(event).toMatchObject({
      item: { senderType: 'client', read: false },
      message: { mine: false, sender: { type: 'client' } },
    });
    expect(event.type === 'activity' && event.item.title).toMatch(/Nachricht/);
  });
  it('an instance whose LISTEN connection is cut, or silently stops carrying anything, catches up', async () => {
    // Instance C listens through a TCP proxy the test controls (its pool reaches the database directly).
    const links = new Set<{ from: net.Socket; to: net.Socket }>();
    let refusing = false;
    const upstream = new URL(url ?? '');
    const proxy = net.createServer((socket) => {
      if (refusing) return socket.destroy();
      const to = net.connect(Number(upstream.port || 5432), upstream.hostname);
      socket.pipe(to);
      to.pipe(socket);
      for (const [x, y] of [
        [socket, to],
        [to, socket],
      ] as const) {
        x.on('error', () => y.destroy());
        x.on('close', () => y.destroy());
      }
      links.add({ from: socket, to });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const port = (proxy.address() as net.AddressInfo).port;
    const db = await opened();
    const listenUrl = new URL(db.url);
    listenUrl.host = `127.0.0.1:${port}`;
    const c = await startInstance({ ...db, url: listenUrl.href }, { JOBS_CONCURRENCY: '0' });
    instances.push(c);
    try {
      const socket = await clientSocket(c);
      await postAsProvider(a, 'before the outage');
      await messageWith(socket, 'before the outage');

      // 1. Cut, and unreachable for two seconds: nothing arrives meanwhile, everything once it is back.
      refusing = true;
      for (const { from } of links) from.destroy();
      links.clear();
      await postAsProvider(a, 'during the outage');
      expect(await activityDuring(socket, 2_000)).toEqual([]);
      refusing = false;
      await messageWith(socket, 'during the outage', 10_000);

      // 2. Half-open: the connection stays up but carries nothing (a vanished peer, a dead NAT entry).
      // postgres.js notices nothing; the watchdog's probe does not come back and C listens anew.
      for (const { from, to } of links) {
        from.unpipe(to);
        to.unpipe(from);
        to.on('data', () => {});
        from.on('data', () => {});
      }
      await postAsProvider(a, 'into the void');
      await messageWith(socket, 'into the void', 10_000);

      await postAsProvider(a, 'after the outage');
      await messageWith(socket, 'after the outage');
      const bodies = socket.activity().map((m) => m.message?.body);
      for (const body of ['during the outage', 'into the void', 'after the outage'])
        expect(bodies.filter((x) => x === body)).toHaveLength(1);
    } finally {
      await c.server.stop();
      instances.splice(instances.indexOf(c), 1);
      proxy.close();
    }
  });
});
