import autocannon from 'autocannon';
import postgres from 'postgres';
import { hashPassword } from '../../api/auth/password';
import { createSession } from '../../api/auth/session';
import type { Sql } from '../../api/db/client';
import { migrate } from '../../api/db/migrate';
import { freePort, freshDatabase } from './app';
import { seedProvider } from './invoices';
import { assertFree, type Started, startProcess, waitForUrl } from './process';
import type { Budget } from './report';
import { median } from './report';

/*
 * Row-level security's cost (issue 31's budget: at most 10 % on the clients list and the invoice list):
 * the same app twice on one PostgreSQL database, with its scoped transactions (api/db/scoped.ts) and with
 * `ROW_LEVEL_SECURITY_DISABLED=true`, loaded in interleaved rounds (50 connections, median of 3).
 */
const tsx = 'node_modules/.bin/tsx';
const INVOICES = 20_000;
const CLIENTS = 2_000;
const OTHERS = 2;

type Load = { rps: number; p99: number; errors: number };
function load(url: string, cookie: string, seconds: number) {
  return new Promise<Load>((resolve, reject) => {
    autocannon({ url, connections: 50, duration: seconds, headers: { cookie } }, (err, r) => {
      if (err) return reject(err);
      resolve({ rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx });
    });
  });
}

export async function rlsBench(report: (b: Budget) => void, adminUrl: string, seconds = 5) {
  const { url: dbUrl } = await freshDatabase(adminUrl, 'bench_rls');
  const sql = postgres(dbUrl, { max: 2, onnotice: () => {} }) as unknown as Sql;
  let token: string;
  try {
    await migrate(sql);
    const hash = await hashPassword('benchmark');
    const userId = await seedProvider(sql, 'provider0', INVOICES, hash, { clients: CLIENTS });
    for (let i = 1; i <= OTHERS; i++)
      await seedProvider(sql, `provider${i}`, INVOICES / 2, hash, { clients: CLIENTS });
    await sql`ANALYZE`;
    token = (await createSession(sql, userId, new Date())).token;
  } finally {
    await sql.end();
  }
  const ports = { on: await freePort(), off: await freePort() };
  const env = {
    ...process.env,
    DATABASE_URL: dbUrl,
    NODE_ENV: 'production',
    RATE_LIMIT_DISABLED: 'true',
    LOG_LEVEL: 'warn',
    JOBS_CONCURRENCY: '0',
    // Throughput of the wall, not shedding: 50 connections on 10 slots would otherwise meet the concurrency
    // limit's 500 ms wait (429) whenever the machine is slow (`BENCH_ONLY=overload` measures that).
    OVERLOAD_MAX_WAIT_MS: '10000',
  };
  const children: Started[] = [];
  try {
    await Promise.all([
      assertFree(`http://127.0.0.1:${ports.on}/`),
      assertFree(`http://127.0.0.1:${ports.off}/`),
    ]);
    const on = startProcess(tsx, ['api/main.ts'], { ...env, PORT: String(ports.on) });
    const off = startProcess(tsx, ['api/main.ts'], {
      ...env,
      PORT: String(ports.off),
      ROW_LEVEL_SECURITY_DISABLED: 'true',
    });
    children.push(on, off);
    await Promise.all([
      waitForUrl(`http://127.0.0.1:${ports.on}/api/health`, on.child),
      waitForUrl(`http://127.0.0.1:${ports.off}/api/health`, off.child),
    ]);
    const cookie = `session=${token}`;
    for (const [name, path] of [
      ['clients', '/api/clients?limit=50'],
      ['invoices', '/api/invoices'],
    ] as const) {
      const urls = { on: `http://127.0.0.1:${ports.on}${path}`, off: `http://127.0.0.1:${ports.off}${path}` };
      // Both answer the same page before anything is timed.
      const [a, b] = await Promise.all(
        [urls.on, urls.off].map(async (u) => (await fetch(u, { headers: { cookie } })).text()),
      );
      if (a !== b || !a?.includes('"items"')) throw new Error(`${name}: the two apps answer differently`);
      await load(urls.on, cookie, 2);
      await load(urls.off, cookie, 2);
      const runs: { on: Load[]; off: Load[] } = { on: [], off: [] };
      for (let round = 0; round < 3; round++) {
        // Alternating which goes first, so a drift of the machine's load hits both alike.
        for (const side of round % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
          const r = await load(urls[side], cookie, seconds);
          if (r.errors) throw new Error(`${name} ${side}: ${r.errors} errors`);
          runs[side].push(r);
        }
      }
      const rps = { on: median(runs.on.map((r) => r.rps)), off: median(runs.off.map((r) => r.rps)) };
      const p99 = { on: median(runs.on.map((r) => r.p99)), off: median(runs.off.map((r) => r.p99)) };
      console.log(
        `${name} list with row-level security: ${rps.on.toFixed(0)} req/s p99 ${p99.on} ms; without: ${rps.off.toFixed(0)} req/s p99 ${p99.off} ms (rounds on ${runs.on.map((r) => r.rps.toFixed(0)).join('/')}, off ${runs.off.map((r) => r.rps.toFixed(0)).join('/')})`,
      );
      report({
        name: `rls-${name}-list-throughput-ratio`,
        measured: rps.on / rps.off,
        limit: 0.9,
        unit: '×',
        kind: 'min',
      });
    }
  } finally {
    await Promise.all(children.map((c) => c.stop()));
  }
}
