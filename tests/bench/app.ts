import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import postgres from 'postgres';
import { assertFree, type Started, startProcess, waitForUrl } from './process';

/**
 * The benches' one set-up: a free port, a fresh PostgreSQL database, the production app on a fresh embedded
 * database (whose first start seeds the demo provider, portal and clients), and the demo sign-ins.
 */

/** A TCP port nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}

/** A new, empty database `name` on `adminUrl`'s server (dropped first if a run left it); `drop` removes it. */
export async function freshDatabase(
  adminUrl: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await sql.end();
      }
    },
  };
}

/** The response's JSON body; throws with the status and body when it is not a success. */
export async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`bench ${what} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A running production app on a fresh embedded database. */
export interface BenchApp {
  /** Its origin, e.g. `http://127.0.0.1:40123`. */
  base: string;
  server: Started;
  /** Signs the demo provider in (its password is read from the start-up banner); the session cookie. */
  signIn(): Promise<string>;
  /** Stops the app and removes its data. */
  stop(): Promise<void>;
}

/**
 * Starts the production app (`api/main.ts` of the checkout at `root`, its frontends from `dist`) on a fresh
 * embedded database, on `port` or a free one, at `http://<host>:<port>` (also its PUBLIC_URL), and waits until
 * it answers. `env` adds or overrides variables.
 */
export async function startApp(
  opts: { root?: string; dist?: string; host?: string; port?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<BenchApp> {
  const root = opts.root ?? '.';
  const base = `http://${opts.host ?? '127.0.0.1'}:${opts.port ?? (await freePort())}`;
  await assertFree(`${base}/api/health`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-app-'));
  const server = startProcess(
    join(root, 'node_modules/.bin/tsx'),
    [join(root, 'api/main.ts')],
    {
      ...process.env,
      PORT: new URL(base).port,
      PUBLIC_URL: base,
      DIST_DIR: resolve(root, opts.dist ?? process.env.DIST_DIR ?? 'dist'),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    { captureStdout: true },
  );
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForUrl(`${base}/api/health`, server.child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, server, signIn: () => demoSignIn(base, server.stdout()), stop };
}

/** Runs `fn` against a fresh app (`startApp`), stopping it afterwards. */
export async function withApp<T>(fn: (app: BenchApp) => Promise<T>, opts?: Parameters<typeof startApp>[0]) {
  const app = await startApp(opts);
  try {
    return await fn(app);
  } finally {
    await app.stop();
  }
}

/** Signs in the demo provider whose e-mail and password the first start printed (`banner`); its cookie. */
export async function demoSignIn(base: string, banner: string): Promise<string> {
  const [, email, password] = banner.match(/e-mail:\s+(\S+)\s+password:\s+(\S+)/) ?? [];
  const res = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ email, password }),
  });
  await json(res, 'provider sign-in');
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('bench sign-in set no cookie');
  return cookie;
}

/** The demo provider's first client, signed in to its portal with `password` (which it is given first). */
export async function demoClientSession(base: string, cookie: string, password: string) {
  const headers = { 'Content-Type': 'application/json', Origin: base };
  const withCookie = { ...headers, Cookie: cookie };
  const { items } = await json<{ items: { id: string; email: string; portal: { id: string } }[] }>(
    await fetch(`${base}/api/clients`, { headers: withCookie }),
    'client list',
  );
  const client = items[0];
  if (!client) throw new Error('bench: the demo data has no client');
  await json(
    await fetch(`${base}/api/clients/${client.id}/password`, {
      method: 'POST',
      headers: withCookie,
      body: JSON.stringify({ password }),
    }),
    'client password',
  );
  const session = await json<Record<string, unknown>>(
    await fetch(`${base}/api/portal/sign-in`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: client.email, password, portalId: client.portal.id }),
    }),
    'portal sign-in',
  );
  return { portalId: client.portal.id, email: client.email, session };
}
