import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CloseCode, REALTIME_PATH, REALTIME_PROTOCOLS } from '../../shared/contracts/realtime';
import { makeVictim, type Victim } from '../../tests/integration/isolation/world';
import { createApp } from '../app';
import { loadConfig } from '../config';
import type { AppDeps } from '../http/context';
import { createLogger } from '../http/logger';
import { createDeps, type RunningServer, startServer } from '../server';
import { createTestDatabase, type TestContext } from '../testing/harness';
import { activityDuring, connect, openSocket, type TestSocket } from './testing';

const dataDir = mkdtempSync(join(tmpdir(), 'realtime-test-'));
/**
 * One instance with real sockets, on the embedded database (notifications in process) and, when
 * DATABASE_URL names one, on PostgreSQL (LISTEN/NOTIFY): what reaches whom, the origin and credential
 * rules of the upgrade and the first message, heartbeat, catch-up, and sockets closed when the session
 * ends.
 */
const ORIGIN = 'http://localhost:3000';
const databases: [string, string | undefined][] = [
  ['embedded database', undefined],
  ...(process.env.DATABASE_URL ? [['PostgreSQL', process.env.DATABASE_URL] as [string, string]] : []),
];

describe.each(databases)('realtime on the %s', (_name, databaseUrl) => {
  let deps: AppDeps;
  let server: RunningServer;
  let base: string;
  let victim: Victim;
  let t: TestContext;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    const db = await createTestDatabase(databaseUrl);
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
    server = await startServer(deps, db, {
      realtime: { heartbeatMs: 300, helloTimeoutMs: 400, sessionCheckMs: 200 },
    });
    base = `http://127.0.0.1:${server.port}`;
    t = { app: createApp(deps), sql: deps.sql, deps } as unknown as TestContext;
    victim = await makeVictim(t);
  }, 60_000);

  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    for (const socket of sockets) await socket.close();
    await server?.stop();
  });

  const track = (socket: TestSocket) => {
    sockets.push(socket);
    return socket;
  };
  const providerSocket = async (lang: 'en' | 'de' = 'en') =>
    track(await connect(base, { audience: 'provider', origin: ORIGIN, cookie: victim.cookie, lang }));
  const clientSocket = async (
    extra: { lastSeq?: number; lookBack?: { since: number; recent: number[] } } = {},
  ) =>
    track(
      await connect(base, {
        audience: 'portal',
        origin: ORIGIN,
        token: victim.client.token,
        portalId: victim.portalId,
        ...extra,
      }),
    );

  async function api(
    method: string,
    path: string,
    opts: { cookie?: string; bearer?: string; body?: unknown },
  ) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        Origin: ORIGIN,
        ...(opts.cookie ? { Cookie: opts.cookie } : {}),
        ...(opts.bearer ? { Authorization: `Bearer ${opts.bearer}` } : {}),
      },
      ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
    });
    expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
    return res.json() as Promise<Record<string, unknown>>;
  }
  const post = (body: string, as: 'provider' | 'client' = 'provider') =>
    as === 'provider'
      ? api('POST', `/api/projects/${victim.projectId}/messages`, {
          cookie: victim.cookie,
          body: { clientMessageId: crypto.randomUUID(), body },
        })
      : api('POST', `/api/portal/${victim.portalId}/projects/${victim.projectId}/messages`, {
          bearer: victim.client.token,
          body: { clientMessageId: crypto.randomUUID(), body },
        });
  const messageWith = (socket: TestSocket, body: string) =>
    socket.next((m) => m.type === 'activity' && m.message?.body === body);

  it('delivers a message to both sides, each in its own view and language', async () => {
    const provider = await providerSocket('de');
    const client = await clientSocket();
    await post('Ein neuer Entwurf');
    const [forProvider, forClient] = await Promise.all([
      messageWith(provider, 'Ein neuer Entwurf'),
      messageWith(client, 'Ein neuer Entwurf'),
    ]);
    expect(forProvider).toMatchObject({ item: { read: true }, message: { mine: true } });
    expect(forClient).toMatchObject({ item: { read: false }, message: { mine: false } });
    if (forClient.type !== 'activity' || forProvider.type !== 'activity') throw new Error('activity');
    expect(forClient.item.title).toMatch(/^New message/);
    expect(forProvider.item.title).toMatch(/Nachricht/);
    expect(forClient.seq).toBe(forProvider.seq);
  });

  it('sends project changes with the project, the client’s view without what is internal', async () => {
    const provider = await providerSocket();
    const client = await clientSocket();
    await api('PATCH', `/api/projects/${victim.projectId}`, {
      cookie: victim.cookie,
      body: { status: 'in_progress', internalNotes: 'only for me' },
    });
    const status = (m: { type: string; item?: { type: string } }) =>
      m.type === 'activity' && m.item?.type === 'project_status';
    const [forProvider, forClient] = await Promise.all([provider.next(status), client.next(status)]);
    if (forProvider.type !== 'activity' || forClient.type !== 'activity') throw new Error('activity');
    expect(forProvider.project).toMatchObject({ status: 'in_progress', internalNotes: 'only for me' });
    expect(forClient.project).toMatchObject({ id: victim.projectId, status: 'in_progress' });
    expect(JSON.stringify(forClient)).not.toContain('only for me');
    // The internal-notes change is the provider's alone.
    const updated = await provider.next((m) => m.type === 'activity' && m.item.type === 'project_updated');
    expect(updated.type === 'activity' && updated.seq).toBeGreaterThan(0);
    expect(await activityDuring(client, 300)).toEqual([]);
    expect(client.activity().some((m) => m.item.type === 'project_updated')).toBe(false);
  });

  it('catches up after lastSeq once; with a look-back, also a row that committed late, minus what it has', async () => {
    const provider = await providerSocket();
    await post('first of two', 'client');
    await post('second of two', 'client');
    const first = await messageWith(provider, 'first of two');
    const second = await messageWith(provider, 'second of two');
    const before = first.type === 'activity' ? first.seq - 1 : 0;
    const exact = await clientSocket({ lastSeq: before });
    expect(exact.activity().map((m) => m.message?.body)).toEqual(['first of two', 'second of two']);
    // A client that saw seq 2 but not seq 1 (seq 1 committed after seq 2 reached it):
    const secondSeq = second.type === 'activity' ? second.seq : 0;
    const late = await clientSocket({ lastSeq: secondSeq, lookBack: { since: before, recent: [secondSeq] } });
    expect(late.activity().map((m) => m.message?.body)).toContain('first of two');
    expect(late.activity().map((m) => m.message?.body)).not.toContain('second of two');
    // An explicit catch-up on an open socket (a tab visible again).
    late.send({ type: 'catchup', after: before });
    const synced = await late.next((m) => m.type === 'synced' && m.lastSeq >= secondSeq);
    expect(synced).toMatchObject({ complete: true });
  });

  it('announces a deleted project to both sides', async () => {
    const project = (await api('POST', '/api/projects', {
      cookie: victim.cookie,
      body: { name: 'Short-lived', clientId: victim.client.clientId },
    })) as { id: string };
    const provider = await providerSocket();
    const client = await clientSocket();
    await api('DELETE', `/api/projects/${project.id}`, { cookie: victim.cookie });
    for (const socket of [provider, client]) {
      expect(await socket.next((m) => m.type === 'project_deleted')).toEqual({
        type: 'project_deleted',
        projectId: project.id,
      });
    }
  });

  it('answers ping with pong', async () => {
    const client = await clientSocket();
    client.send({ type: 'ping' });
    await client.next((m) => m.type === 'pong');
  });

  describe('the upgrade and the first message', () => {
    const refused = (opts: Parameters<typeof openSocket>[1]) =>
      openSocket(base, opts).then(
        async (s) => {
          await s.close();
          return 'opened';
        },
        (err: Error) => err.message,
      );

    it('refuses a cookie-authenticated socket from another site', async () => {
      expect(
        await refused({ audience: 'provider', origin: 'https://evil.example', cookie: victim.cookie }),
      ).toBe('unexpected 403');
      // Even from the portal's own allowed origin: the provider audience is the platform's alone.
      expect(
        await refused({ audience: 'provider', origin: 'https://victim.example.org', cookie: victim.cookie }),
      ).toBe('unexpected 403');
      expect(await refused({ audience: 'provider', cookie: victim.cookie })).toBe('unexpected 403');
      expect(await refused({ audience: 'provider', origin: ORIGIN })).toBe('unexpected 401');
    });

    it('refuses portal sockets from origins no portal allows, and from another portal’s', async () => {
      expect(await refused({ audience: 'portal', origin: 'https://evil.example' })).toBe('unexpected 403');
      // The victim's first portal allows https://victim.example.org; the neighbour's portal does not.
      const neighbour = track(
        await openSocket(base, { audience: 'portal', origin: 'https://victim.example.org' }),
      );
      neighbour.send({
        type: 'hello',
        lang: 'en',
        token: victim.neighbour.token,
        portalId: victim.neighbour.portalId,
      });
      expect((await neighbour.closed).code).toBe(CloseCode.forbiddenOrigin);
      const own = track(
        await connect(base, {
          audience: 'portal',
          origin: 'https://victim.example.org',
          token: victim.client.token,
          portalId: victim.portalId,
        }),
      );
      expect(own.messages[0]).toMatchObject({ type: 'ready', audience: 'portal' });
    });

    it('never takes a token from the URL', async () => {
      expect(
        await refused({ audience: 'portal', origin: ORIGIN, query: `?token=${victim.client.token}` }),
      ).toBe('unexpected 400');
      expect(await refused({ audience: 'portal', origin: ORIGIN, query: '?lang=en' })).toBe('unexpected 400');
    });

    it('closes a portal socket without a valid token in its hello, or with none in time', async () => {
      // The provider's cookie counts for nothing on a portal socket.
      const noToken = track(
        await openSocket(base, { audience: 'portal', origin: ORIGIN, cookie: victim.cookie }),
      );
      noToken.send({ type: 'hello', lang: 'en' });
      expect((await noToken.closed).code).toBe(CloseCode.unauthorized);
      const wrong = track(await openSocket(base, { audience: 'portal', origin: ORIGIN }));
      wrong.send({
        type: 'hello',
        lang: 'en',
        token: `${'a'.repeat(32)}.${'b'.repeat(32)}`,
        portalId: victim.portalId,
      });
      expect((await wrong.closed).code).toBe(CloseCode.unauthorized);
      const silent = track(await openSocket(base, { audience: 'portal', origin: ORIGIN }));
      expect((await silent.closed).code).toBe(CloseCode.unauthorized);
      const garbage = track(await openSocket(base, { audience: 'portal', origin: ORIGIN }));
      garbage.ws.send('not json');
      expect((await garbage.closed).code).toBe(CloseCode.badMessage);
    });

    it('refuses a socket without its audience’s subprotocol', async () => {
      const res = await new Promise<number>((resolve) => {
        const ws = new WebSocket(`${base.replace('http', 'ws')}${REALTIME_PATH}`, {
          headers: { Origin: ORIGIN },
        });
        ws.on('unexpected-response', (_req, r) => resolve(r.statusCode ?? 0));
        ws.on('open', () => resolve(101));
      });
      expect(res).toBe(400);
      expect(REALTIME_PROTOCOLS.portal).toBe('clientportal.portal');
    });

    it('ends a session used for another portal, as the portal API does', async () => {
      const { freshPortalToken } = await import('../../tests/integration/isolation/world');
      const token = await freshPortalToken(t, victim.providerId, victim.neighbour);
      const socket = track(await openSocket(base, { audience: 'portal', origin: ORIGIN }));
      socket.send({ type: 'hello', lang: 'en', token, portalId: victim.portalId });
      expect((await socket.closed).code).toBe(CloseCode.unauthorized);
      const res = await fetch(`${base}/api/portal/${victim.neighbour.portalId}/session`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(401);
    });
  });

  describe('sessions and liveness', () => {
    it('closes a provider socket when its session signs out', async () => {
      const { makeProvider } = await import('../../tests/integration/isolation/world');
      const other = await makeProvider(t, 'leaver');
      const socket = track(
        await connect(base, { audience: 'provider', origin: ORIGIN, cookie: other.cookie }),
      );
      await api('POST', '/api/auth/sign-out', { cookie: other.cookie });
      expect((await socket.closed).code).toBe(CloseCode.sessionEnded);
    });

    it('never slides a provider session at the upgrade (its answer cannot carry the cookie)', async () => {
      const { makeProvider } = await import('../../tests/integration/isolation/world');
      const other = await makeProvider(t, 'sliding');
      const [row] = await deps.sql<{ expires_at: Date }[]>`
        UPDATE user_sessions SET expires_at = now() + interval '10 days' WHERE id = ${other.sessionId}
        RETURNING expires_at`;
      track(await connect(base, { audience: 'provider', origin: ORIGIN, cookie: other.cookie }));
      const [after] = await deps.sql<{ expires_at: Date }[]>`
        SELECT expires_at FROM user_sessions WHERE id = ${other.sessionId}`;
      expect(new Date(after?.expires_at ?? 0).getTime()).toBe(new Date(row?.expires_at ?? 1).getTime());
    });

    it('closes a portal socket when the client signs out', async () => {
      const { freshPortalToken } = await import('../../tests/integration/isolation/world');
      const token = await freshPortalToken(t, victim.providerId, victim.client);
      const socket = track(
        await connect(base, { audience: 'portal', origin: ORIGIN, token, portalId: victim.portalId }),
      );
      await api('POST', `/api/portal/${victim.portalId}/sign-out`, { bearer: token });
      expect((await socket.closed).code).toBe(CloseCode.sessionEnded);
    });

    it('closes a socket that stops answering the heartbeat', async () => {
      const url = `${base.replace('http', 'ws')}${REALTIME_PATH}`;
      const ws = new WebSocket(url, [REALTIME_PROTOCOLS.provider], {
        headers: { Origin: ORIGIN, Cookie: victim.cookie },
        autoPong: false,
      });
      await new Promise((resolve) => ws.once('open', resolve));
      ws.send(JSON.stringify({ type: 'hello', lang: 'en' }));
      const code = await new Promise<number>((resolve) => ws.once('close', (c) => resolve(c)));
      // Terminated without a close frame.
      expect(code).toBe(1006);
    });
  });
  // Last: it stops the server.
  it('closes its sockets with 1012 (Service Restart) when the server stops, promptly', async () => {
    const client = await clientSocket();
    const started = Date.now();
    await server.stop();
    expect((await client.closed).code).toBe(CloseCode.serviceRestart);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
