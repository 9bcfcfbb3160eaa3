import { loadavg } from 'node:os';
import postgres from 'postgres';
import { hashPassword } from '../../api/auth/password';
import { createSession } from '../../api/auth/session';
import type { Sql } from '../../api/db/client';
import { migrate } from '../../api/db/migrate';
import { freePort, freshDatabase } from './app';
import { seedProvider } from './invoices';
import { assertFree, type Started, startProcess, waitForUrl } from './process';
import { type Budget, median } from './report';

/*
 * `BENCH_ONLY=analytics`: issue 29's budgets. For a provider with 50,000 invoices, 5,000 projects, 20,000
 * files and 200,000 messages (two other providers with half as many each in the same tables), each of
 * `GET /api/analytics/money|work|clients` (the last 12 months, EUR, Europe/Berlin) on the production app
 * against a bare node:http + postgres.js server calling the same service functions
 * (`analytics-baseline-server.ts`), side by side on one PostgreSQL database, CONNECTIONS requests in
 * flight, interleaved rounds, median of ROUNDS: the app's throughput ≥ 0.9× the baseline's
 * (`analytics-<op>-ratio`) and its p95 < 150 ms (`analytics-<op>-p95`). The plans of the statements are
 * printed with BENCH_ANALYTICS_PLANS=1.
 */

const tsx = 'node_modules/.bin/tsx';
const INVOICES = 50_000;
const PROJECTS = 5_000;
const FILES = 20_000;
const MESSAGES = 200_000;
const LOGINS = 20_000;
const CLIENTS = 500;
const OTHER_PROVIDERS = 2;
const SECONDS = Number(process.env.BENCH_ANALYTICS_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ANALYTICS_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_ANALYTICS_CONNECTIONS ?? 2);
export const ANALYTICS_OPS = ['money', 'work', 'clients'] as const;
type Op = (typeof ANALYTICS_OPS)[number];

/**
 * On top of `seedProvider`'s clients, projects and invoices: paid invoices fully paid (`paid_cents`), a third
 * of them through a recorded payment; a third of the open ones half paid; project statuses; `files` files
 * with 1–4 versions, their upload events and, for those the client decided on, a client's decision on the
 * latest version; `messages` messages over ~2 years in arrival order (a third from the client); the client's
 * read marks on half the conversations; `logins` portal sign-ins.
 */
async function seedWork(sql: Sql, providerId: string, files: number, messages: number, logins: number) {
  await sql`UPDATE invoices SET paid_cents = amount_cents WHERE provider_id = ${providerId} AND status = 'paid'`;
  // What the overdue sweep would do at the app's start, done before, so both servers read the same rows.
  await sql`
    UPDATE invoices SET status = 'overdue'
    WHERE provider_id = ${providerId} AND status = 'sent' AND due_date < current_date`;
  await sql`
    UPDATE invoices SET paid_cents = amount_cents / 2
    WHERE provider_id = ${providerId} AND status IN ('sent', 'overdue') AND abs(hashtext(id::text)) % 3 = 0
      AND amount_cents >= 2`;
  await sql`
    INSERT INTO invoice_payments (provider_id, invoice_id, source, amount_cents, currency, invoice_status,
      outcome, received_at, paid_on, method)
    SELECT provider_id, id, 'manual', paid_cents, lower(currency), CASE WHEN status = 'paid' THEN 'paid' ELSE status END,
      'applied', coalesce(paid_at, issued_at + interval '3 days'), coalesce(paid_on, (issued_at + interval '3 days')::date),
      'Bank transfer'
    FROM invoices
    WHERE provider_id = ${providerId} AND paid_cents > 0
      AND (status <> 'paid' OR abs(hashtext(id::text)) % 3 = 0)`;
  await sql`
    UPDATE projects SET status = (ARRAY['planning','in_progress','in_progress','on_hold','completed','cancelled'])[
      1 + abs(hashtext(id::text)) % 6]
    WHERE provider_id = ${providerId}`;
  await sql`
    WITH p AS (
      SELECT id, client_id, row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS total
      FROM projects WHERE provider_id = ${providerId}
    )
    INSERT INTO files (provider_id, project_id, name, status, uploaded_by, uploader_client_id, latest_version,
      created_at, updated_at)
    SELECT ${providerId}, p.id, 'File ' || g || '.png',
      (ARRAY['pending_review','approved','rejected','client_approved','client_rejected','revision_requested',
             'client_approved','pending_review'])[1 + g % 8],
      CASE WHEN g % 5 = 0 THEN 'client' ELSE 'provider' END, CASE WHEN g % 5 = 0 THEN p.client_id END,
      1 + (g * 7) % 4, now() - make_interval(mins => g * 50), now() - make_interval(mins => g * 50)
    FROM generate_series(1, ${files}) g JOIN p ON p.n = (g * 7919) % p.total`;
  await sql`
    INSERT INTO file_versions (provider_id, file_id, number, storage_key, original_name, size_bytes, sha256,
      mime_type, kind, uploaded_by_type, uploaded_by_name, uploaded_by_client_id, preview_status, created_at)
    SELECT f.provider_id, f.id, n, 'bench/' || f.id || '/' || n, f.name, 1000 + n,
      md5(f.id::text || n) || md5(n || f.id::text), 'image/png', 'image', f.uploaded_by,
      CASE WHEN f.uploaded_by = 'client' THEN 'Client' ELSE 'Provider' END, f.uploader_client_id, 'ready',
      f.created_at + make_interval(hours => 20 * (n - 1))
    FROM files f CROSS JOIN LATERAL generate_series(1, f.latest_version) n
    WHERE f.provider_id = ${providerId}`;
  await sql`
    INSERT INTO file_events (provider_id, file_id, version_id, kind, status_before, status_after, actor_type,
      actor_name, actor_client_id, created_at)
    SELECT v.provider_id, v.file_id, v.id, CASE WHEN v.number = 1 THEN 'uploaded' ELSE 'version' END,
      CASE WHEN v.number > 1 THEN 'revision_requested' END, 'pending_review', v.uploaded_by_type,
      v.uploaded_by_name, v.uploaded_by_client_id, v.created_at
    FROM file_versions v WHERE v.provider_id = ${providerId}
    ORDER BY v.created_at`;
  await sql`
    INSERT INTO file_events (provider_id, file_id, version_id, kind, status_before, status_after, actor_type,
      actor_name, actor_client_id, created_at)
    SELECT f.provider_id, f.id, v.id, 'decision', 'pending_review', f.status, 'client', 'Client', p.client_id,
      v.created_at + make_interval(hours => 1 + abs(hashtext(f.id::text)) % 200)
    FROM files f
    JOIN file_versions v ON v.file_id = f.id AND v.number = f.latest_version
    JOIN projects p ON p.id = f.project_id
    WHERE f.provider_id = ${providerId} AND f.status IN ('client_approved', 'client_rejected', 'revision_requested')`;
  await sql`
    WITH p AS (
      SELECT id, client_id, row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS total
      FROM projects WHERE provider_id = ${providerId}
    )
    INSERT INTO messages (provider_id, project_id, sender_type, sender_client_id, sender_name, client_message_id,
      body, created_at)
    SELECT ${providerId}, p.id, CASE WHEN g % 3 = 0 THEN 'client' ELSE 'provider' END,
      CASE WHEN g % 3 = 0 THEN p.client_id END, CASE WHEN g % 3 = 0 THEN 'Client' ELSE 'Provider' END,
      gen_random_uuid(), 'Message ' || g, now() - make_interval(mins => (${messages} - g) * 5)
    FROM generate_series(1, ${messages}) g JOIN p ON p.n = (g * 7919) % p.total
    ORDER BY g`;
  await sql`
    INSERT INTO conversation_reads (provider_id, project_id, reader, last_read_seq)
    SELECT provider_id, project_id, 'client', max(seq) - 2 FROM messages
    WHERE provider_id = ${providerId} AND abs(hashtext(project_id::text)) % 2 = 0
    GROUP BY provider_id, project_id`;
  await sql`
    WITH c AS (
      SELECT id, portal_id, row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS total
      FROM clients WHERE provider_id = ${providerId}
    )
    INSERT INTO portal_events (provider_id, portal_id, client_id, event_type, metadata, created_at)
    SELECT ${providerId}, c.portal_id, c.id, 'login', '{"method":"password"}',
      now() - make_interval(mins => g * 47)
    FROM generate_series(1, ${logins}) g JOIN c ON c.n = (g * 31) % c.total`;
}

type Load = { rps: number; p95: number; errors: number };

/** `CONNECTIONS` loops each sending `url` one request after another for `seconds`; throughput and p95. */
async function load(url: string, cookie: string, seconds: number): Promise<Load> {
  const until = performance.now() + seconds * 1000;
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        const res = await fetch(url, { headers: { cookie } });
        await res.arrayBuffer();
        times.push(performance.now() - t);
        if (!res.ok) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const sorted = times.sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
  return { rps: times.length / elapsed, p95, errors };
}

const day = (d: Date) => d.toISOString().slice(0, 10);

export interface AnalyticsResult {
  op: Op;
  app: Load;
  baseline: Load;
}

export async function analyticsBench(report: (b: Budget) => void, adminUrl: string) {
  const ports = { app: await freePort(), baseline: await freePort() };
  const db = await freshDatabase(adminUrl, 'bench_analytics');
  const sql = postgres(db.url, { max: 2, onnotice: () => {} }) as unknown as Sql;
  let token: string;
  let userId: string;
  const seeded = performance.now();
  try {
    await migrate(sql);
    const passwordHash = await hashPassword('benchmark');
    userId = await seedProvider(sql, 'provider0', INVOICES, passwordHash, {
      clients: CLIENTS,
      projects: PROJECTS,
    });
    await seedWork(sql, userId, FILES, MESSAGES, LOGINS);
    for (let i = 1; i <= OTHER_PROVIDERS; i++) {
      const other = await seedProvider(sql, `provider${i}`, INVOICES / 2, passwordHash, {
        clients: CLIENTS / 2,
        projects: PROJECTS / 2,
      });
      await seedWork(sql, other, FILES / 2, MESSAGES / 2, LOGINS / 2);
    }
    await sql`VACUUM ANALYZE`;
    token = (await createSession(sql, userId, new Date())).token;
  } finally {
    await sql.end();
  }
  console.log(`analytics: seeded in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);

  const now = new Date();
  const query = `from=${day(new Date(now.getTime() - 364 * 86_400_000))}&to=${day(now)}&currency=EUR&timeZone=Europe%2FBerlin`;
  const children: Started[] = [];
  const results: AnalyticsResult[] = [];
  try {
    const env = { ...process.env, DATABASE_URL: db.url, NODE_ENV: 'production', RATE_LIMIT_DISABLED: 'true' };
    await Promise.all([
      assertFree(`http://127.0.0.1:${ports.app}/`),
      assertFree(`http://127.0.0.1:${ports.baseline}/`),
    ]);
    const app = startProcess(tsx, ['api/main.ts'], { ...env, PORT: String(ports.app), LOG_LEVEL: 'warn' });
    const base = startProcess(tsx, ['tests/bench/analytics-baseline-server.ts'], {
      ...env,
      PORT: String(ports.baseline),
    });
    children.push(app, base);
    await Promise.all([
      waitForUrl(`http://127.0.0.1:${ports.app}/api/health`, app.child),
      waitForUrl(`http://127.0.0.1:${ports.baseline}/`, base.child),
    ]);
    const cookie = `session=${token}`;
    for (const op of ANALYTICS_OPS) {
      const appUrl = `http://127.0.0.1:${ports.app}/api/analytics/${op}?${query}`;
      const baseUrl = `http://127.0.0.1:${ports.baseline}/${op}?${query}`;
      // Both answer the same before anything is timed.
      const [a, b] = await Promise.all(
        [appUrl, baseUrl].map(async (url) => {
          const res = await fetch(url, { headers: { cookie } });
          if (!res.ok) throw new Error(`analytics ${op}: ${url} answered ${res.status} ${await res.text()}`);
          return res.text();
        }),
      );
      if (a !== b) throw new Error(`analytics ${op}: the app and the baseline answer differently`);
      await load(appUrl, cookie, 1);
      await load(baseUrl, cookie, 1);
      const appRuns: Load[] = [];
      const baseRuns: Load[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const x = await load(appUrl, cookie, SECONDS);
        const y = await load(baseUrl, cookie, SECONDS);
        if (x.errors || y.errors)
          throw new Error(`errors during load: app ${x.errors}, baseline ${y.errors}`);
        appRuns.push(x);
        baseRuns.push(y);
      }
      const pick = (runs: Load[]) => ({
        rps: median(runs.map((r) => r.rps)),
        p95: median(runs.map((r) => r.p95)),
        errors: 0,
      });
      const r = { op, app: pick(appRuns), baseline: pick(baseRuns) };
      results.push(r);
      console.log(
        `analytics ${op} (last 12 months; ${INVOICES.toLocaleString('en')} invoices, ${PROJECTS.toLocaleString('en')} projects, ${FILES.toLocaleString('en')} files, ${MESSAGES.toLocaleString('en')} messages; ${CONNECTIONS} in flight; median of ${ROUNDS} × ${SECONDS} s): app ${r.app.rps.toFixed(1)} req/s p95 ${r.app.p95.toFixed(0)} ms; baseline node:http+postgres.js ${r.baseline.rps.toFixed(1)} req/s p95 ${r.baseline.p95.toFixed(0)} ms; load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(', ')}`,
      );
      report({
        name: `analytics-${op}-ratio`,
        measured: r.app.rps / r.baseline.rps,
        limit: 0.9,
        unit: '×',
        kind: 'min',
      });
      report({
        name: `analytics-${op}-p95`,
        measured: r.app.p95,
        limit: 150,
        unit: ' ms',
        kind: 'max',
        digits: 0,
      });
    }
  } finally {
    await Promise.all(children.map((c) => c.stop()));
    if (!process.env.BENCH_KEEP_DB) await db.drop();
  }
  return results;
}
