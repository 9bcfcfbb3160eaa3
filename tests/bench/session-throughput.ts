import autocannon from 'autocannon';
import postgres from 'postgres';
import { hashPassword } from '../../api/auth/password';
import { createSession } from '../../api/auth/session';
import type { Sql } from '../../api/db/client';
import { migrate } from '../../api/db/migrate';
import { freshDatabase } from './app';
import { assertFree, type Started, startProcess, waitForUrl } from './process';
import { median } from './report';

const tsx = 'node_modules/.bin/tsx';

function load(url: string, cookie: string, seconds: number) {
  return new Promise<{ rps: number; p99: number; errors: number }>((resolve, reject) => {
    autocannon({ url, connections: 20, duration: seconds, headers: { cookie } }, (err, r) => {
      if (err) return reject(err);
      resolve({ rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx });
    });
  });
}

export interface SessionBench {
  app: { rps: number; p99: number };
  baseline: { rps: number; p99: number };
}

/**
 * Signed-in `GET /api/auth/session` on the real app against the minimal baseline, side by side on one
 * PostgreSQL database: interleaved rounds, median of 3.
 */
export async function sessionThroughput(
  adminUrl: string,
  ports: { app: number; baseline: number },
  seconds = 5,
): Promise<SessionBench> {
  const { url: dbUrl } = await freshDatabase(adminUrl, 'bench_session');

  const sql = postgres(dbUrl, { max: 2, onnotice: () => {} }) as unknown as Sql;
  await migrate(sql);
  const [user] = await sql<{ id: string }[]>`
    INSERT INTO users (email, password_hash, email_verified_at) VALUES ('bench@example.com', ${await hashPassword('benchmark')}, now())
    RETURNING id`;
  await sql`INSERT INTO profiles (user_id, full_name) VALUES (${user?.id ?? null}, 'Bench Provider')`;
  const { token } = await createSession(sql, user?.id ?? '', new Date());
  await sql.end();

  const children: Started[] = [];
  try {
    const env = { ...process.env, DATABASE_URL: dbUrl, NODE_ENV: 'production', RATE_LIMIT_DISABLED: 'true' };
    const appUrl = `http://127.0.0.1:${ports.app}/api/auth/session`;
    const baseUrl = `http://127.0.0.1:${ports.baseline}/`;
    await Promise.all([assertFree(appUrl), assertFree(baseUrl)]);
    const app = startProcess(tsx, ['api/main.ts'], { ...env, PORT: String(ports.app) });
    const base = startProcess(tsx, ['tests/bench/baseline-server.ts'], {
      ...env,
      PORT: String(ports.baseline),
    });
    children.push(app, base);
    await Promise.all([waitForUrl(appUrl, app.child), waitForUrl(baseUrl, base.child)]);

    const appCheck = await (await fetch(appUrl, { headers: { cookie: `session=${token}` } })).json();
    if (!appCheck.user) throw new Error('the bench session is not signed in on the app');

    await load(appUrl, `session=${token}`, 2);
    await load(baseUrl, `session=${token}`, 2);
    const appRuns: { rps: number; p99: number }[] = [];
    const baseRuns: { rps: number; p99: number }[] = [];
    for (let round = 0; round < 3; round++) {
      const a = await load(appUrl, `session=${token}`, seconds);
      const b = await load(baseUrl, `session=${token}`, seconds);
      if (a.errors || b.errors) throw new Error(`errors during load: app ${a.errors}, baseline ${b.errors}`);
      appRuns.push(a);
      baseRuns.push(b);
    }
    return {
      app: { rps: median(appRuns.map((r) => r.rps)), p99: median(appRuns.map((r) => r.p99)) },
      baseline: { rps: median(baseRuns.map((r) => r.rps)), p99: median(baseRuns.map((r) => r.p99)) },
    };
  } finally {
    await Promise.all(children.map((c) => c.stop()));
  }
}
