import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloseCode } from '../../shared/contracts/realtime';
import { freshPortalToken, makeVictim, type Victim } from '../../tests/integration/isolation/world';
import { createApp } from '../app';
import { createSession } from '../auth/session';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import type { AppDeps } from '../http/context';
import { createLogger } from '../http/logger';
import { createDeps, type RunningServer, startServer } from '../server';
import { createTestDatabase, type TestContext } from '../testing/harness';
import { parseSessionsEnded } from './sessions-ended';
import { connect, type TestSocket } from './testing';

/*
 * A session that ends closes its sockets at once, on every instance: the periodic check runs only once a
 * minute here, so a socket closed within a second was closed by the sessions-ended notice (in process on
 * the embedded database, LISTEN/NOTIFY on PostgreSQL, where a second instance holds the socket).
 */
const ORIGIN = 'http://localhost:3000';
const AT_ONCE_MS = 2_000;
const REALTIME = { heartbeatMs: 60_000, helloTimeoutMs: 5_000, sessionCheckMs: 60_000 };
const databases: [string, string | undefined][] = [
  ['embedded database', undefined],
  ...(process.env.DATABASE_URL ? [['PostgreSQL', process.env.DATABASE_URL] as [string, string]] : []),
];

const dataDir = mkdtempSync(join(tmpdir(), 'sessions-ended-test-'));
const config = () =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: ORIGIN,
    DIST_DIR: join(import.meta.dirname, 'no-dist'),
    DATA_DIR: dataDir,
    JOBS_CONCURRENCY: '0',
  });

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The close code of a socket, or 'open' when it is still open after `ms`. */
function closedWithin(socket: TestSocket, ms: number): Promise<number | 'open'> {
  return Promise.race([
    socket.closed.then(({ code }) => code),
    new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms)),
  ]);
}

describe('the sessions-ended notice', () => {
  it('names a provider, and nothing else reads as one', () => {
    const id = '5b0c1f4e-0000-4000-8000-000000000001';
    expect(parseSessionsEnded(`${id}:sessions_ended`)).toBe(id);
    expect(parseSessionsEnded(`${id}:12`)).toBeNull();
    expect(parseSessionsEnded('probe:abc:1')).toBeNull();
  });
});

describe.each(databases)('sessions ending on the %s', (name, databaseUrl) => {
  let db: Database;
  let deps: AppDeps;
  let server: RunningServer;
  /** Where sockets connect: a second instance on PostgreSQL, the same one on the embedded database. */
  let other: RunningServer;
  let base: string;
  let socketBase: string;
  let victim: Victim;
  let t: TestContext;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(databaseUrl);
    ({ deps } = await createDeps(config(), createLogger('silent'), db));
    server = await startServer(deps, db, { realtime: REALTIME });
    base = `http://127.0.0.1:${server.port}`;
    other = server;
    if (db.kind === 'postgres') {
      // A second instance on the same database, with its own LISTEN connection (it closes nothing shared).
      const shared: Database = { ...db, close: async () => {} };
      const second = await createDeps(config(), createLogger('silent'), shared);
      other = await startServer(second.deps, shared, { realtime: REALTIME });
    }
    socketBase = `http://127.0.0.1:${other.port}`;
    t = { app: createApp(deps), sql: deps.sql, deps } as unknown as TestContext;
    victim = await makeVictim(t);
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) await socket.close();
    if (other !== server) await other?.stop();
    await server?.stop();
  });

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
  }

  /** A new session of the victim provider (the isolation world's password), and a socket on it. */
  async function providerSession() {
    const session = await createSession(deps.sql, victim.providerId, deps.now());
    const cookie = `session=${session.token}`;
    const socket = await connect(socketBase, { audience: 'provider', origin: ORIGIN, cookie });
    sockets.push(socket);
    return { cookie, socket };
  }

  it(`closes the socket of a provider who signs out at once${name === 'PostgreSQL' ? ', on another instance' : ''}`, async () => {
    const { cookie, socket } = await providerSession();
    const kept = await providerSession();
    await api('POST', '/api/auth/sign-out', { cookie });
    expect(await closedWithin(socket, AT_ONCE_MS)).toBe(CloseCode.sessionEnded);
    expect(await closedWithin(kept.socket, 300)).toBe('open');
  });

  it('closes the other sessions’ sockets at once on a password change, and every one on sign out everywhere', async () => {
    const current = await providerSession();
    const elsewhere = await providerSession();
    await api('POST', '/api/account/password', {
      cookie: current.cookie,
      body: {
        currentPassword: 'isolation suite password',
        newPassword: 'a new long passphrase 7',
        confirmPassword: 'a new long passphrase 7',
      },
    });
    expect(await closedWithin(elsewhere.socket, AT_ONCE_MS)).toBe(CloseCode.sessionEnded);
    expect(await closedWithin(current.socket, 300)).toBe('open');
    await api('POST', '/api/account/sessions/sign-out-everywhere', { cookie: current.cookie });
    expect(await closedWithin(current.socket, AT_ONCE_MS)).toBe(CloseCode.sessionEnded);
  });

  it('closes a portal client’s socket at once when the client signs out', async () => {
    const token = await freshPortalToken(t, victim.providerId, victim.client);
    const socket = await connect(socketBase, {
      audience: 'portal',
      origin: ORIGIN,
      token,
      portalId: victim.portalId,
    });
    sockets.push(socket);
    await api('POST', `/api/portal/${victim.portalId}/sign-out`, { bearer: token });
    expect(await closedWithin(socket, AT_ONCE_MS)).toBe(CloseCode.sessionEnded);
  });
});
