import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import postgres from 'postgres';
import { hashPassword } from '../../api/auth/password';
import { createPortalSession } from '../../api/auth/portal-client/portal-session';
import type { ProviderScope } from '../../api/auth/scope';
import { createSession } from '../../api/auth/session';
import type { Sql } from '../../api/db/client';
import { migrate } from '../../api/db/migrate';
import { activityFrom } from '../../api/services/activity/activity-view';
import { listNotifications, unreadCount } from '../../api/services/activity/notifications';
import { REALTIME_PROTOCOLS } from '../../shared/realtime/protocol';
import { freshDatabase } from './app';
import type { Budget } from './report';

/*
 * The realtime budgets (issue 19), on one fresh PostgreSQL database:
 *  1. the notifications query and the unread count with 1,000,000 activity rows across 1,000 providers
 *     (p95 of the service functions the routes call, with the plans);
 *  2. 5,000 concurrent portal sockets on one app instance (its own process): memory per socket;
 *  3. delivery latency of a message to the last of those 5,000 sockets (one large project's client), from
 *     the sender's POST to the last socket's receipt, against a bare `ws` server broadcasting the same
 *     payload (from its own POST) to the same number of sockets from the same load generator, rounds
 *     interleaved.
 */
const PROVIDERS = 1_000;
const ROWS = 1_000_000;
const SOCKETS = Number(process.env.BENCH_REALTIME_SOCKETS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_REALTIME_ROUNDS ?? 50);
const QUERY_SAMPLES = 1_000;
/** `queries`, `sockets` or both (default): the parts to run. */
const PARTS = new Set((process.env.BENCH_REALTIME_PARTS ?? 'queries,sockets').split(','));

const now = () => performance.timeOrigin + performance.now();
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** 1,000 providers, each with a portal, 5 clients, 10 projects; 1,000,000 activity rows spread over them. */
async function seed(sql: Sql) {
  const hash = await hashPassword('benchmark');
  await sql`
    INSERT INTO users (email, password_hash, email_verified_at)
    SELECT 'provider' || g || '@bench.example', ${hash}, now() FROM generate_series(1, ${PROVIDERS}) g`;
  await sql`INSERT INTO profiles (user_id, full_name) SELECT id, 'Provider ' || email FROM users`;
  await sql`INSERT INTO client_portals (provider_id, portal_name) SELECT id, 'Portal' FROM users`;
  await sql`
    INSERT INTO clients (provider_id, portal_id, name, email)
    SELECT p.provider_id, p.id, 'Client ' || n, 'client' || n || '-' || left(p.id::text, 8) || '@bench.example'
    FROM client_portals p, generate_series(1, 5) n`;
  await sql`
    INSERT INTO projects (provider_id, client_id, name, status)
    SELECT c.provider_id, c.id, 'Project ' || n || ' of ' || c.name, 'in_progress' FROM clients c, generate_series(1, 2) n`;
  await sql`
    CREATE TABLE bench_projects AS
    SELECT (row_number() OVER (ORDER BY provider_id, id) - 1)::int AS k, provider_id, id AS project_id, client_id
    FROM projects`;
  await sql`CREATE INDEX ON bench_projects (k)`;
  // Rows of all providers interleaved, as they are written; 10 % unread by the provider, 1 in 20 internal.
  await sql`
    INSERT INTO activity_feed (provider_id, project_id, client_id, activity_type, metadata, client_visible,
                               read_by_client, read_by_freelancer, created_at)
    SELECT m.provider_id, m.project_id, m.client_id,
           (ARRAY['message','message','project_updated','project_status','file_upload'])[1 + g % 5],
           jsonb_build_object('sender_type', CASE WHEN g % 2 = 0 THEN 'client' ELSE 'provider' END,
                              'senderName', 'Grace Hopper',
                              'preview', 'The first draft is ready for review, see the attached notes.',
                              'status', 'in_progress', 'from', 'planning'),
           g % 20 <> 0, g % 3 <> 0, g % 10 <> 0,
           now() - make_interval(secs => ${ROWS} - g)
    FROM generate_series(1, ${ROWS}) g JOIN bench_projects m ON m.k = g % ${PROVIDERS * 10}`;
  await sql`DROP TABLE bench_projects`;
  await sql`VACUUM ANALYZE`;
}

async function explain(sql: Sql, query: string): Promise<string> {
  const rows = await sql.unsafe(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`);
  return rows.map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n');
}

export interface NotificationsResult {
  /** The notifications SQL alone (the newest 50 with project and client). */
  queryP95: number;
  /** `listNotifications` as the route calls it: the list and the count, rendered in a language. */
  notificationsP95: number;
  unreadP95: number;
  clientNotificationsP95: number;
  plans: string;
  indexes: string;
}

async function notificationsQueries(sql: Sql): Promise<NotificationsResult> {
  const providers = (await sql<{ id: string }[]>`SELECT id FROM users WHERE email LIKE 'provider%'`).map(
    (r) => r.id,
  );
  const clients = await sql<{ provider_id: string; id: string; portal_id: string }[]>`
    SELECT provider_id, id, portal_id FROM clients`;
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;
  const scope = (id: string): ProviderScope => ({ kind: 'provider', providerId: id, sessionId: '' });
  const time = async (fn: () => Promise<unknown>) => {
    const start = performance.now();
    await fn();
    return performance.now() - start;
  };
  for (let i = 0; i < 200; i++) await listNotifications(sql, scope(pick(providers)), 'en');
  const query: number[] = [];
  const list: number[] = [];
  const unread: number[] = [];
  const client: number[] = [];
  for (let i = 0; i < QUERY_SAMPLES; i++) {
    const s = scope(pick(providers));
    query.push(await time(() => sql`${activityFrom(sql, s)} ORDER BY a.seq DESC LIMIT 50`));
    list.push(await time(() => listNotifications(sql, scope(pick(providers)), 'en')));
    unread.push(await time(() => unreadCount(sql, scope(pick(providers)))));
    const c = pick(clients);
    client.push(
      await time(() =>
        listNotifications(
          sql,
          {
            kind: 'client',
            providerId: c.provider_id,
            clientId: c.id,
            portalId: c.portal_id,
            clientName: '',
            sessionId: '',
          },
          'en',
        ),
      ),
    );
  }
  const p = pick(providers);
  const c = pick(clients);
  const plans = [
    `provider notifications (newest 50):\n${await explain(
      sql,
      `SELECT a.id, a.seq, a.activity_type, a.metadata, a.created_at, a.read_by_freelancer AS read,
              p.id, p.name, c.id, c.name
       FROM activity_feed a
       JOIN projects p ON p.provider_id = a.provider_id AND p.id = a.project_id
       JOIN clients c ON c.provider_id = a.provider_id AND c.id = a.client_id
       WHERE a.provider_id = '${p}' ORDER BY a.seq DESC LIMIT 50`,
    )}`,
    `provider unread count:\n${await explain(
      sql,
      `SELECT count(*)::int FROM activity_feed WHERE provider_id = '${p}' AND NOT read_by_freelancer`,
    )}`,
    `client unread count:\n${await explain(
      sql,
      `SELECT count(*)::int FROM activity_feed
       WHERE provider_id = '${c.provider_id}' AND client_id = '${c.id}' AND client_visible AND NOT read_by_client`,
    )}`,
  ].join('\n\n');
  const indexes = (
    await sql<{ indexdef: string }[]>`
      SELECT indexdef FROM pg_indexes WHERE tablename = 'activity_feed' ORDER BY indexname`
  )
    .map((r) => r.indexdef)
    .join('\n');
  return {
    queryP95: percentile(query, 95),
    notificationsP95: percentile(list, 95),
    unreadP95: percentile(unread, 95),
    clientNotificationsP95: percentile(client, 95),
    plans,
    indexes,
  };
}

/** A child process on the project's Node with tsx, talking over IPC. */
function child(file: string, env: NodeJS.ProcessEnv) {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, file)], {
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const inbox: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  proc.on('message', (m: Record<string, unknown>) => {
    inbox.push(m);
    for (const w of waiters.splice(0)) w();
  });
  const exited = once(proc, 'exit');
  return {
    proc,
    send: (m: object) => proc.send(m),
    /** The next message of `type` (waits for it). */
    async next<T = Record<string, unknown>>(type: string, timeoutMs = 300_000): Promise<T> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const i = inbox.findIndex((m) => m.type === type);
        if (i >= 0) return inbox.splice(i, 1)[0] as T;
        if (proc.exitCode !== null) throw new Error(`${file} exited with ${proc.exitCode}`);
        if (Date.now() > deadline) throw new Error(`${file}: no ${type} in time`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 1000);
        });
      }
    },
    async stop() {
      if (proc.exitCode === null) {
        proc.send({ type: 'stop' });
        const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
type Child = ReturnType<typeof child>;

export interface SocketsResult {
  sockets: number;
  heapPerSocket: number;
  rssPerSocket: number;
  app: { p50: number; p99: number };
  baseline: { p50: number; p99: number };
  payloadBytes: number;
}

/** The big project: one provider, one client with SOCKETS portal sessions (a session per socket). */
async function bigProject(sql: Sql) {
  const [user] = await sql<{ id: string }[]>`
    INSERT INTO users (email, password_hash, email_verified_at)
    VALUES ('host@bench.example', ${await hashPassword('benchmark')}, now()) RETURNING id`;
  const providerId = user?.id ?? '';
  await sql`INSERT INTO profiles (user_id, full_name) VALUES (${providerId}, 'Bench Host')`;
  const [portal] = await sql<{ id: string }[]>`
    INSERT INTO client_portals (provider_id, portal_name) VALUES (${providerId}, 'Bench portal') RETURNING id`;
  const portalId = portal?.id ?? '';
  const [client] = await sql<{ id: string }[]>`
    INSERT INTO clients (provider_id, portal_id, name, email)
    VALUES (${providerId}, ${portalId}, 'Large Client', 'large@bench.example') RETURNING id`;
  const clientId = client?.id ?? '';
  const [project] = await sql<{ id: string }[]>`
    INSERT INTO projects (provider_id, client_id, name, status)
    VALUES (${providerId}, ${clientId}, 'Large project', 'in_progress') RETURNING id`;
  const session = await createSession(sql, providerId, new Date());
  const tokens: string[] = [];
  for (let i = 0; i < SOCKETS; i += 50) {
    const batch = Array.from({ length: Math.min(50, SOCKETS - i) }, () =>
      createPortalSession(sql, { id: clientId, portalId, providerId }, 'password', new Date()),
    );
    for (const s of await Promise.all(batch)) tokens.push(s.token);
  }
  return {
    providerId,
    portalId,
    clientId,
    projectId: project?.id ?? '',
    cookie: `session=${session.token}`,
    tokens,
  };
}

async function sockets(sql: Sql, dbUrl: string): Promise<SocketsResult> {
  const world = await bigProject(sql);
  const app = child('realtime-server.ts', {
    ...process.env,
    DATABASE_URL: dbUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    JOBS_CONCURRENCY: '0',
    RATE_LIMIT_DISABLED: 'true',
    DIST_DIR: join(import.meta.dirname, 'no-dist'),
  });
  const baseline = child('realtime-baseline-server.ts', process.env);
  const clients = child('realtime-clients.ts', process.env);
  const stops: Child[] = [app, baseline, clients];
  try {
    const appPort = (await app.next<{ port: number }>('ready')).port;
    const basePort = (await baseline.next<{ port: number }>('ready')).port;
    await clients.next('ready');
    const appOrigin = `http://127.0.0.1:${appPort}`;
    type Memory = { heap: number; heapTotal: number; external: number; rss: number; sockets: number };
    const connectApp = async (group: string, count: number) => {
      clients.send({
        type: 'connect',
        group,
        url: `ws://127.0.0.1:${appPort}/api/realtime`,
        origin: appOrigin,
        protocol: REALTIME_PROTOCOLS.portal,
        hellos: world.tokens
          .slice(0, count)
          .map((token) => ({ type: 'hello', lang: 'en', token, portalId: world.portalId })),
        count,
      });
      await clients.next('connected');
    };
    // Warm-up: the first sockets compile the code paths and fill the pools and caches once; what they
    // leave behind is the process's, not a socket's.
    await connectApp('warm', 500);
    clients.send({ type: 'close', group: 'warm' });
    await clients.next('closed');
    app.send({ type: 'memory' });
    const before = await app.next<Memory>('memory');
    await connectApp('app', SOCKETS);
    app.send({ type: 'memory' });
    const after = await app.next<Memory>('memory');
    if (after.sockets !== SOCKETS) throw new Error(`the app holds ${after.sockets} sockets, not ${SOCKETS}`);

    clients.send({
      type: 'connect',
      group: 'base',
      url: `ws://127.0.0.1:${basePort}/`,
      origin: appOrigin,
      count: SOCKETS,
    });
    await clients.next('connected');

    const post = (marker: string) =>
      fetch(`${appOrigin}/api/projects/${world.projectId}/messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: appOrigin, Cookie: world.cookie },
        body: JSON.stringify({ clientMessageId: crypto.randomUUID(), body: `Bench message ${marker}` }),
      }).then(async (res) => {
        if (!res.ok) throw new Error(`post: ${res.status} ${await res.text()}`);
      });
    const broadcast = (payload: string) =>
      fetch(`http://127.0.0.1:${basePort}/broadcast`, { method: 'POST', body: payload }).then((res) =>
        res.arrayBuffer(),
      );
    const marker = () => `m${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
    /**
     * One delivery: `last` from the moment the server starts to send it (the app announces the
     * committed message; the baseline starts its loop) to the last socket's receipt; `fromPost` from the
     * sender's request.
     */
    const round = async (group: 'app' | 'base', send: (m: string) => Promise<unknown>) => {
      const m = marker();
      clients.send({ type: 'arm', group, marker: m });
      await clients.next('armed');
      const start = now();
      await send(m);
      const answered = now() - start;
      const done = await clients.next<{ first: number; last: number }>('done', 60_000);
      const server = group === 'app' ? app : baseline;
      const { at } = await server.next<{ at: number }>(group === 'app' ? 'published' : 'broadcast');
      return { last: done.last - at, first: done.first - at, fromPost: done.last - start, answered };
    };

    // The payload the app sends for a message: the baseline broadcasts the same bytes (marker swapped).
    const first = marker();
    clients.send({ type: 'arm', group: 'app', marker: first });
    await clients.next('armed');
    await post(first);
    await clients.next('done', 60_000);
    await app.next('published');
    clients.send({ type: 'sample', group: 'app' });
    const sample = (await clients.next<{ text: string }>('sample')).text;
    if (!sample.includes(first)) throw new Error('bench: no sample of the app’s payload');

    const appMs: number[] = [];
    const baseMs: number[] = [];
    const detail = {
      appFirst: [] as number[],
      appAnswered: [] as number[],
      appFromPost: [] as number[],
      baseFirst: [] as number[],
    };
    for (let i = 0; i < ROUNDS + 3; i++) {
      const a = await round('app', post);
      const b = await round('base', (m) => broadcast(sample.replaceAll(first, m)));
      // The first rounds warm both up (JIT, connection pools).
      if (i >= 3) {
        appMs.push(a.last);
        baseMs.push(b.last);
        detail.appFirst.push(a.first);
        detail.appAnswered.push(a.answered);
        detail.appFromPost.push(a.fromPost);
        detail.baseFirst.push(b.first);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    console.log(
      `realtime delivery medians: app first socket ${percentile(detail.appFirst, 50).toFixed(1)} ms after the NOTIFY, bare ws first socket ${percentile(detail.baseFirst, 50).toFixed(1)} ms after its loop began; from the sender's POST (which the app answered in ${percentile(detail.appAnswered, 50).toFixed(1)} ms) to the app's last socket: p50 ${percentile(detail.appFromPost, 50).toFixed(1)} ms, p99 ${percentile(detail.appFromPost, 99).toFixed(1)} ms`,
    );
    console.log(
      `realtime server memory before → with ${SOCKETS} sockets: heap used ${mib(before.heap)} → ${mib(after.heap)} MiB, heap total ${mib(before.heapTotal)} → ${mib(after.heapTotal)} MiB, external ${mib(before.external)} → ${mib(after.external)} MiB, RSS ${mib(before.rss)} → ${mib(after.rss)} MiB`,
    );
    return {
      sockets: SOCKETS,
      heapPerSocket: (after.heap + after.external - before.heap - before.external) / SOCKETS,
      rssPerSocket: (after.rss - before.rss) / SOCKETS,
      app: { p50: percentile(appMs, 50), p99: percentile(appMs, 99) },
      baseline: { p50: percentile(baseMs, 50), p99: percentile(baseMs, 99) },
      payloadBytes: Buffer.byteLength(sample),
    };
  } finally {
    for (const c of stops) await c.stop().catch(() => {});
  }
}

/** Runs both parts on a fresh database of `adminUrl`'s server; reports the budgets. */
export async function realtimeBench(adminUrl: string, report: (b: Budget) => void): Promise<void> {
  const database = await freshDatabase(adminUrl, 'bench_realtime');
  const sql = postgres(database.url, {
    max: 10,
    onnotice: () => {},
    transform: { undefined: null },
  }) as unknown as Sql;
  try {
    await migrate(sql);
    if (PARTS.has('queries')) await queriesPart(sql, report);
    if (PARTS.has('sockets')) await socketsPart(sql, database.url, report);
  } finally {
    await sql.end({ timeout: 5 });
    await database.drop();
  }
}

async function queriesPart(sql: Sql, report: (b: Budget) => void) {
  {
    const seeding = performance.now();
    await seed(sql);
    console.log(
      `realtime: seeded ${ROWS.toLocaleString('en')} activity rows across ${PROVIDERS} providers in ${((performance.now() - seeding) / 1000).toFixed(0)} s`,
    );
    const q = await notificationsQueries(sql);
    console.log(
      `notifications (${QUERY_SAMPLES} random providers, from the app's postgres.js): the newest-50 query p95 ${q.queryP95.toFixed(2)} ms, the unread count p95 ${q.unreadP95.toFixed(2)} ms; listNotifications (both, rendered) p95 ${q.notificationsP95.toFixed(2)} ms; a client's p95 ${q.clientNotificationsP95.toFixed(2)} ms`,
    );
    console.log(`activity_feed indexes:\n${q.indexes}\n\n${q.plans}`);
    report({ name: 'notifications-query-p95', measured: q.queryP95, limit: 5, unit: ' ms', kind: 'max' });
    report({
      name: 'notifications-unread-count-p95',
      measured: q.unreadP95,
      limit: 5,
      unit: ' ms',
      kind: 'max',
    });
  }
}

async function socketsPart(sql: Sql, dbUrl: string, report: (b: Budget) => void) {
  {
    const s = await sockets(sql, dbUrl);
    const kib = (bytes: number) => bytes / 1024;
    console.log(
      `realtime: ${s.sockets} portal sockets on one instance: heap+external ${kib(s.heapPerSocket).toFixed(1)} KiB, RSS ${kib(s.rssPerSocket).toFixed(1)} KiB per socket`,
    );
    console.log(
      `realtime delivery to the last of ${s.sockets} sockets (${s.payloadBytes} B payload, ${ROUNDS} rounds, from the send's start → last receipt): app (NOTIFY → LISTEN → load → render → send) p50 ${s.app.p50.toFixed(1)} ms p99 ${s.app.p99.toFixed(1)} ms; bare ws broadcast p50 ${s.baseline.p50.toFixed(1)} ms p99 ${s.baseline.p99.toFixed(1)} ms`,
    );
    report({
      name: 'realtime-memory-per-socket (RSS)',
      measured: kib(s.rssPerSocket),
      limit: 16,
      unit: ' KiB',
      kind: 'max',
      digits: 1,
    });
    report({
      name: 'realtime-memory-per-socket (heap+external)',
      measured: kib(s.heapPerSocket),
      limit: 16,
      unit: ' KiB',
      kind: 'max',
      digits: 1,
    });
    report({
      name: 'realtime-delivery-p50-vs-bare-ws',
      measured: s.app.p50 / s.baseline.p50,
      limit: 1.5,
      unit: '×',
      kind: 'max',
    });
    report({
      name: 'realtime-delivery-p99-vs-bare-ws',
      measured: s.app.p99 / s.baseline.p99,
      limit: 1.5,
      unit: '×',
      kind: 'max',
    });
  }
}
