import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createApp } from '../../api/app';
import { loadConfig } from '../../api/config';
import type { AppDeps } from '../../api/http/context';
import { createLogger } from '../../api/http/logger';
import { createDeps, type RunningServer, startServer } from '../../api/server';
import { createTestDatabase, type TestContext } from '../../api/testing/harness';
import { freshPortalToken, makeVictim, type Victim } from '../../tests/integration/isolation/world';
import {
  createRealtimeClient,
  RESTART_RECONNECT_MAX_MS,
  type RealtimeClient,
  type RealtimeEvent,
  type RealtimeStatus,
  reconnectDelay,
  type SocketLike,
  type VisibilitySource,
} from './client';
import { CloseCode } from './protocol';

const dataDir = mkdtempSync(join(tmpdir(), 'realtime-test-'));
/**
 * The browser client against the real server (embedded database, in-process notifications), through
 * `ws`'s WebSocket, which has the browser's API (the only difference: it can send the Origin header a
 * browser sends by itself).
 */
const ORIGIN = 'http://localhost:3000';

class Visibility extends EventTarget implements VisibilitySource {
  visibilityState = 'visible';
  show() {
    this.visibilityState = 'visible';
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

describe('the realtime browser client', () => {
  let deps: AppDeps;
  let server: RunningServer;
  let victim: Victim;
  let t: TestContext;
  let url: string;
  const clients: RealtimeClient[] = [];

  beforeAll(async () => {
    const db = await createTestDatabase(undefined);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: ORIGIN,
      DIST_DIR: join(import.meta.dirname, 'no-dist'),
      // Uploaded logos (the test world has one) go to a folder of this file's, removed afterwards.
      DATA_DIR: dataDir,
      JOBS_CONCURRENCY: '0',
    });
    ({ deps } = await createDeps(config, createLogger('silent'), db));
    server = await startServer(deps, db, { realtime: { sessionCheckMs: 200 } });
    url = `ws://127.0.0.1:${server.port}/api/realtime`;
    t = { app: createApp(deps), sql: deps.sql, deps } as unknown as TestContext;
    victim = await makeVictim(t);
  }, 60_000);

  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    for (const client of clients) client.stop();
    await server?.stop();
  });

  /** A portal client with the sockets it made and the messages it sent. */
  function portalClient(token: string, visibility: VisibilitySource | null = null) {
    const sockets: WebSocket[] = [];
    const sent: string[] = [];
    const events: RealtimeEvent[] = [];
    const statuses: RealtimeStatus[] = [];
    const authErrors: number[] = [];
    const client = createRealtimeClient({
      audience: 'portal',
      lang: () => 'de',
      url,
      credentials: () => ({ token, portalId: victim.portalId }),
      visibility,
      online: null,
      onAuthError: (code) => authErrors.push(code),
      createSocket: (u, protocols) => {
        const ws = new WebSocket(u, protocols, { headers: { Origin: ORIGIN } });
        const send = ws.send.bind(ws);
        ws.send = ((data: string) => {
          sent.push(data);
          send(data);
        }) as typeof ws.send;
        sockets.push(ws);
        return ws as unknown as SocketLike;
      },
    });
    client.onEvent((e) => events.push(e));
    client.onStatus((s) => statuses.push(s));
    clients.push(client);
    return { client, sockets, sent, events, statuses, authErrors };
  }

  const until = async (check: () => boolean, timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  const post = async (body: string) => {
    const res = await t.app.request(`/api/projects/${victim.projectId}/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN, Cookie: victim.cookie },
      body: JSON.stringify({ clientMessageId: crypto.randomUUID(), body }),
    });
    expect(res.status).toBeLessThan(300);
  };
  const bodies = (events: RealtimeEvent[]) =>
    events.map((e) => (e.type === 'activity' ? e.message?.body : undefined)).filter(Boolean);

  it('backs off 1, 2, 5, then 10 s', () => {
    expect([0, 1, 2, 3, 4, 9].map(reconnectDelay)).toEqual([1000, 2000, 5000, 10000, 10000, 10000]);
  });

  it('connects, gets events once, reconnects after a drop and catches up what it missed', async () => {
    const c = portalClient(victim.client.token);
    c.client.start();
    await until(() => c.client.status === 'open');
    expect(c.sent[0]).toContain(victim.client.token);
    await post('live one');
    await until(() => bodies(c.events).includes('live one'));
    const event = c.events.find((e) => e.type === 'activity');
    expect(event?.type === 'activity' && event.item.title).toMatch(/Nachricht/);

    // The network drops (no close frame); two messages are written meanwhile.
    c.sockets[0]?.terminate();
    await until(() => c.client.status === 'offline');
    await post('missed one');
    await post('missed two');
    const dropAt = Date.now();
    await until(() => c.client.status === 'open');
    expect(Date.now() - dropAt).toBeGreaterThanOrEqual(500);
    await until(() => bodies(c.events).includes('missed two'));
    expect(bodies(c.events)).toEqual(['live one', 'missed one', 'missed two']);
    expect(c.statuses).toEqual(['connecting', 'open', 'offline', 'connecting', 'open']);
    expect(JSON.parse(c.sent[1] ?? '{}')).toMatchObject({ type: 'hello', lastSeq: expect.any(Number) });
  });

  it('catches up when the tab becomes visible again, and never hands an item over twice', async () => {
    const visibility = new Visibility();
    const c = portalClient(victim.client.token, visibility);
    c.client.start();
    await until(() => c.client.status === 'open');
    await post('seen before hiding');
    await until(() => bodies(c.events).includes('seen before hiding'));
    const last = c.client.lastSeq ?? 0;
    visibility.show();
    await until(() => c.sent.some((m) => m.includes('"catchup"')));
    expect(JSON.parse(c.sent.find((m) => m.includes('"catchup"')) ?? '{}')).toMatchObject({ after: last });
    // The catch-up's look-back repeats nothing the client has.
    await new Promise((r) => setTimeout(r, 300));
    expect(bodies(c.events)).toEqual(['seen before hiding']);
  });

  it('stays offline, without reconnecting, when the session ends', async () => {
    const token = await freshPortalToken(t, victim.providerId, victim.client);
    const c = portalClient(token);
    c.client.start();
    await until(() => c.client.status === 'open');
    await t.app.request(`/api/portal/${victim.portalId}/sign-out`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN, Authorization: `Bearer ${token}` },
    });
    await until(() => c.authErrors.length > 0);
    expect(c.authErrors).toEqual([CloseCode.sessionEnded]);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(c.sockets).toHaveLength(1);
    expect(c.client.status).toBe('offline');
  });

  it('reconnects at once, with its last seq, when the instance restarts (1012), and after the usual second otherwise', async () => {
    // A stand-in instance: answers every hello with `synced`, and closes the first socket with `code`.
    const reconnectAfter = async (code: number) => {
      const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
      await new Promise((r) => wss.once('listening', r));
      const hellos: Array<{ at: number; lastSeq?: number }> = [];
      let closedAt = 0;
      wss.on('connection', (ws) => {
        ws.on('message', (raw) => {
          const m = JSON.parse(String(raw)) as { type: string; lastSeq?: number };
          if (m.type !== 'hello') return;
          hellos.push({ at: Date.now(), ...(m.lastSeq !== undefined ? { lastSeq: m.lastSeq } : {}) });
          ws.send(JSON.stringify({ type: 'ready', audience: 'provider', latestSeq: 41 }));
          ws.send(JSON.stringify({ type: 'synced', lastSeq: 41, complete: true }));
          if (hellos.length === 1) {
            closedAt = Date.now();
            ws.close(code, 'restart');
          }
        });
      });
      const { port } = wss.address() as { port: number };
      const client = createRealtimeClient({
        audience: 'provider',
        lang: () => 'en',
        url: `ws://127.0.0.1:${port}/api/realtime`,
        visibility: null,
        online: null,
        createSocket: (u, protocols) => new WebSocket(u, protocols) as unknown as SocketLike,
      });
      client.start();
      try {
        await until(() => hellos.length === 2, 5_000);
      } finally {
        client.stop();
        await new Promise((r) => wss.close(r));
      }
      return { delay: (hellos[1]?.at ?? 0) - closedAt, lastSeq: hellos[1]?.lastSeq };
    };
    const restart = await reconnectAfter(CloseCode.serviceRestart);
    expect(restart.delay).toBeLessThan(RESTART_RECONNECT_MAX_MS + 300);
    expect(restart.lastSeq).toBe(41);
    const other = await reconnectAfter(1001);
    expect(other.delay).toBeGreaterThanOrEqual(900);
    expect(other.lastSeq).toBe(41);
  });

  it('does not connect a portal client without a session', () => {
    const c = createRealtimeClient({
      audience: 'portal',
      lang: () => 'en',
      url,
      credentials: () => null,
      visibility: null,
      online: null,
      createSocket: () => {
        throw new Error('no socket without a session');
      },
    });
    c.start();
    expect(c.status).toBe('offline');
    c.stop();
  });
});
