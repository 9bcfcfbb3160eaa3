import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadConfig } from '../../api/config';
import { openDatabase } from '../../api/db/client';
import { createLogger } from '../../api/http/logger';
import { queueClientEvent } from '../../api/integrations/webhooks/client-events';
import { createEndpoint } from '../../api/integrations/webhooks/endpoints';
import { startWorker } from '../../api/jobs/worker';
import { createDeps } from '../../api/server';
import { freshDatabase } from './app';
import type { Budget } from './report';

/** The issue's figures: 1,000 events, each to 10 endpoints. */
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1_000);
const ENDPOINTS = 10;
/** Events committed per second (one change per transaction, like requests arriving). */
const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 50);

/** Every TRACE events, print the process's memory by kind (an investigation aid; 0: off). */
const TRACE = Number(process.env.BENCH_WEBHOOK_TRACE ?? 0);

interface Receivers {
  ports: number[];
  /** Every receipt, once `expected` requests have arrived. */
  all: Promise<{ ids: string[]; times: number[] }>;
  stop(): void;
}

/** The receiving servers in a child process (`webhook-receivers.ts`): their memory is not the worker's. */
async function startReceivers(count: number, expected: number): Promise<Receivers> {
  const child = fork(new URL('./webhook-receivers.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the webhook receivers exited (${code})`))),
  );
  exited.catch(() => {});
  const message = <T>(key: string) =>
    Promise.race([
      new Promise<T>((resolve) => {
        const on = (msg: Record<string, unknown>) => {
          if (!(key in msg)) return;
          child.off('message', on);
          resolve(msg[key] as T);
        };
        child.on('message', on);
      }),
      exited,
    ]);
  const ports = message<number[]>('ports');
  const all = message<{ ids: string[]; times: number[] }>('receipts');
  all.catch(() => {});
  child.send({ count, expected });
  return { ports: await ports, all, stop: () => child.disconnect() };
}

/**
 * RSS by kind from /proc/self/smaps: glibc's main arena (`[heap]`), its other arenas (64 MB-aligned heaps
 * that threads allocate from), and the rest of anonymous memory (V8's heap, large mmap'd blocks).
 */
function breakdown(m: NodeJS.MemoryUsage): string {
  const ARENA = 64 * 1024 * 1024;
  let brk = 0;
  let arenas = 0;
  let anon = 0;
  let files = 0;
  let current: { start: number; name: string } | undefined;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      current = { start: Number.parseInt(head[1] as string, 16), name: head[2] ?? '' };
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss || !current) continue;
    const bytes = Number(rss[1]) * 1024;
    if (current.name === '[heap]') brk += bytes;
    else if (current.name.startsWith('/')) files += bytes;
    else if (current.name === '' && current.start % ARENA === 0 && bytes > 0) arenas += bytes;
    else anon += bytes;
  }
  const f = (n: number) => mb(n).toFixed(0);
  return `rss ${f(m.rss)} = brk ${f(brk)} + arenas ${f(arenas)} + other anon ${f(anon)} + files ${f(files)}; heapTotal ${f(m.heapTotal)} heapUsed ${f(m.heapUsed)} external ${f(m.external)} arrayBuffers ${f(m.arrayBuffers)} MB`;
}

interface Mapping {
  start: string;
  size: number;
  perms: string;
  name: string;
  rss: number;
  /** Pages given back with MADV_FREE: still counted in RSS until the kernel needs them. */
  lazyFree: number;
}

/** The process's mappings (`/proc/self/smaps`) by start address, with their size and resident bytes. */
function mappings(): Map<string, Mapping> {
  const all = new Map<string, Mapping>();
  let current: Mapping | undefined;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const [, start = '', end = '', perms = '', name = ''] = head;
      current = {
        start,
        size: Number.parseInt(end, 16) - Number.parseInt(start, 16),
        perms,
        name,
        rss: 0,
        lazyFree: 0,
      };
      all.set(start, current);
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && current) current.rss = Number(rss[1]) * 1024;
    const lazy = /^LazyFree:\s+(\d+) kB/.exec(line);
    if (lazy && current) current.lazyFree = Number(lazy[1]) * 1024;
  }
  return all;
}

/**
 * What grew between two `mappings()` (BENCH_WEBHOOK_SMAPS=1): new, grown and gone mappings' resident
 * bytes, the new ones grouped by size and permissions (V8 pages, thread stacks, malloc's mmapped chunks
 * and arenas each have their own), and the largest single changes.
 */
function mappingGrowth(before: Map<string, Mapping>, after: Map<string, Mapping>): string {
  const f = (n: number) => `${mb(n).toFixed(1)} MB`;
  const changes: { m: Mapping; diff: number; kind: 'new' | 'grown' | 'gone' }[] = [];
  for (const [start, m] of after) {
    const was = before.get(start);
    if (!was || was.size !== m.size)
      changes.push({ m, diff: m.rss - (was?.rss ?? 0), kind: was ? 'grown' : 'new' });
    else if (m.rss !== was.rss) changes.push({ m, diff: m.rss - was.rss, kind: 'grown' });
  }
  for (const [start, m] of before) if (!after.has(start)) changes.push({ m, diff: -m.rss, kind: 'gone' });
  const sum = (kind: string) => changes.filter((c) => c.kind === kind).reduce((t, c) => t + c.diff, 0);
  const lazy = (maps: Map<string, Mapping>) => [...maps.values()].reduce((t, m) => t + m.lazyFree, 0);
  const groups = new Map<string, { count: number; rss: number; lazyFree: number }>();
  for (const c of changes) {
    const key = `${c.kind} ${c.m.name || 'anon'} ${c.m.perms} ${(c.m.size / 1024).toFixed(0)} kB`;
    const g = groups.get(key) ?? { count: 0, rss: 0, lazyFree: 0 };
    g.count++;
    g.rss += c.diff;
    g.lazyFree += c.kind === 'gone' ? 0 : c.m.lazyFree;
    groups.set(key, g);
  }
  const top = [...groups].sort((a, b) => Math.abs(b[1].rss) - Math.abs(a[1].rss)).slice(0, 15);
  return [
    `mappings: ${before.size} → ${after.size}; resident: new ${f(sum('new'))}, grown ${f(sum('grown'))}, gone ${f(sum('gone'))}; lazily freed (MADV_FREE, in RSS until the kernel reclaims it) ${f(lazy(before))} → ${f(lazy(after))}`,
    ...top.map(([key, g]) => `  ${key} ×${g.count}: ${f(g.rss)} (lazily freed ${f(g.lazyFree)})`),
  ].join('\n');
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/**
 * Webhook fan-out: EVENTS client changes, each committed in its own transaction with its
 * `client.created` event (`queueClientEvent`, as the client service does), at RATE a second, to a provider
 * with 10 enabled endpoints on 10 local receivers (in a child process). Latency is from each commit to the
 * receipt of each of its 10 deliveries (signed, sent and answered through the app's own delivery code,
 * worker as the server starts it: JOBS_CONCURRENCY 4, WEBHOOKS_CONCURRENCY 16; clocks compared as `timeOrigin + now()` across the
 * two processes); memory is this process's (the worker's) after a warm-up and at the end.
 */
export async function webhooksBench(report: (b: Budget) => void, adminUrl: string): Promise<void> {
  const log = createLogger('silent');
  const database = await freshDatabase(adminUrl, `bench_hooks_${randomBytes(4).toString('hex')}`);
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    WEBHOOKS_ALLOW_LOOPBACK: 'true',
    DATA_DIR: `/tmp/bench-hooks-${randomBytes(4).toString('hex')}`,
  });
  const db = await openDatabase(config, log);
  const { deps } = await createDeps(config, log, db);

  const committedAt = new Map<string, number>();
  const receivers = await startReceivers(ENDPOINTS, EVENTS * ENDPOINTS);

  const [user] = await deps.sql<{ id: string }[]>`
    INSERT INTO users (email, password_hash, email_verified_at) VALUES ('bench-hooks@example.com', 'x', now())
    RETURNING id`;
  const providerId = (user as { id: string }).id;
  const scope = { kind: 'provider' as const, providerId, sessionId: '' };
  const [portal] = await deps.sql<{ id: string }[]>`
    INSERT INTO client_portals (provider_id, portal_name) VALUES (${providerId}, 'Bench') RETURNING id`;
  for (const port of receivers.ports) {
    await createEndpoint(deps, scope, {
      url: `http://127.0.0.1:${port}/hook`,
      description: null,
      eventTypes: ['client.created'],
      enabled: true,
    });
  }

  // BENCH_WEBHOOK_BACKLOG=1: the worker starts only after every event is committed, so the deliveries per
  // second it reaches are its own (not the commit loop's pace); the memory figures then mean nothing.
  const BACKLOG = process.env.BENCH_WEBHOOK_BACKLOG === '1';
  let worker = BACKLOG ? undefined : await startWorker(deps, db, { schedules: [] });
  // Memory after a full collection, so garbage not yet collected is not counted as growth (the bench runs
  // under tsx, without --expose-gc: the flag is set at run time and `gc` taken from a fresh context).
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as (options?: object) => void;
  const memory = () => {
    collect();
    return process.memoryUsage();
  };
  // The two samples compared: after a collection AND a rest longer than V8's memory-reducer delay (8 s),
  // so heap pages V8 has freed are given back rather than counted as the worker's.
  const SMAPS = process.env.BENCH_WEBHOOK_SMAPS === '1';
  // BENCH_WEBHOOK_REST_MS (10 s): the rest; with BENCH_WEBHOOK_SMAPS=1 the RSS and V8-page-sized (256 kB)
  // anonymous mappings are printed every 5 s of it, to see whether and when freed heap pages go back.
  const REST_MS = Number(process.env.BENCH_WEBHOOK_REST_MS ?? 10_000);
  const settled = async () => {
    memory();
    for (let waited = 0; waited < REST_MS; waited += 5_000) {
      await new Promise((r) => setTimeout(r, Math.min(5_000, REST_MS - waited)));
      if (!SMAPS) continue;
      const pages = [...mappings().values()].filter((m) => m.name === '' && m.size === 256 * 1024);
      const resident = pages.reduce((t, m) => t + m.rss, 0);
      console.log(
        `  resting ${((waited + 5_000) / 1000).toFixed(0)} s: rss ${mb(process.memoryUsage().rss).toFixed(0)} MB, 256 kB anonymous mappings ${pages.length} (${mb(resident).toFixed(0)} MB resident), heapTotal ${mb(process.memoryUsage().heapTotal).toFixed(0)} MB`,
      );
    }
    const regular = memory();
    // V8 keeps the pages a collection emptied (256 kB each, no longer in heapTotal) for reuse, and gives
    // them back only under memory pressure or when its memory reducer finds the process idle: after a busy
    // run that was up to +212 MB of RSS here (a pool sized by this process's 240 MB heap, not the
    // deliveries). The sample is taken after the collection V8 makes under memory pressure, which gives
    // them back; the regular one's RSS is printed beside it.
    collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    const sample = process.memoryUsage();
    console.log(
      `  sample: rss ${mb(regular.rss).toFixed(0)} MB after a full collection, ${mb(sample.rss).toFixed(0)} MB after a last-resort one (heapUsed ${mb(regular.heapUsed).toFixed(0)} → ${mb(sample.heapUsed).toFixed(0)} MB)`,
    );
    return sample;
  };
  let before = memory();
  let beforeText = '';
  let beforeMaps = new Map<string, Mapping>();
  /** When event 0 was due; moved on by the rest of the warm-up sample. */
  let paceStart = performance.now();
  try {
    for (let i = 0; i < EVENTS; i++) {
      // Paced: event i is committed at i / RATE seconds.
      const due = paceStart + (i * 1000) / RATE - performance.now();
      if (due > 0) await new Promise((r) => setTimeout(r, due));
      await deps.sql.begin(async (tx) => {
        const [client] = await tx<{ id: string }[]>`
          INSERT INTO clients (provider_id, portal_id, name, email)
          VALUES (${providerId}, ${(portal as { id: string }).id}, ${`Client ${i}`}, ${`client-${i}@bench.test`})
          RETURNING id`;
        const event = await queueClientEvent(
          tx,
          deps.jobs,
          providerId,
          'client.created',
          (client as { id: string }).id,
        );
        const id = (event as { eventId: string }).eventId;
        // The clock starts as COMMIT is sent: the deliveries exist from then on.
        queueMicrotask(() => committedAt.set(id, performance.timeOrigin + performance.now()));
      });
      if (i === Math.min(99, EVENTS - 1)) {
        const resting = performance.now();
        before = await settled();
        beforeText = breakdown(before);
        if (SMAPS) beforeMaps = mappings();
        // The pace resumes after the rest (no burst of the events that fell due meanwhile).
        paceStart += performance.now() - resting;
      }
      if (TRACE && (i + 1) % TRACE === 0) console.log(`after ${i + 1} events: ${breakdown(memory())}`);
    }
    // The pace actually kept: a commit waits for the database, so on a busy machine it falls below RATE.
    const committedRate = EVENTS / ((performance.now() - paceStart) / 1000);
    const workerStart = performance.timeOrigin + performance.now();
    if (BACKLOG) worker = await startWorker(deps, db, { schedules: [] });
    const receipts = await receivers.all;
    if (BACKLOG) {
      const last = Math.max(...receipts.times);
      console.log(
        `webhook backlog: ${receipts.ids.length} deliveries in ${((last - workerStart) / 1000).toFixed(1)} s from the worker's start: ${(receipts.ids.length / ((last - workerStart) / 1000)).toFixed(0)} deliveries/s`,
      );
    }
    const latencies: number[] = [];
    receipts.ids.forEach((id, n) => {
      const sent = committedAt.get(id);
      if (sent !== undefined) latencies.push((receipts.times[n] as number) - sent);
    });
    const received = receipts.ids.length;
    const seconds = (performance.now() - paceStart) / 1000;
    const after = await settled();
    console.log(`webhook worker memory before: ${beforeText}`);
    console.log(`webhook worker memory after:  ${breakdown(after)}`);
    if (SMAPS) console.log(mappingGrowth(beforeMaps, mappings()));
    const p50 = percentile(latencies, 50);
    const p95 = percentile(latencies, 95);
    console.log(
      `webhook fan-out: ${EVENTS} events × ${ENDPOINTS} endpoints at ${RATE} events/s (committed at ${committedRate.toFixed(1)}/s): ${received} deliveries in ${seconds.toFixed(1)} s; commit → receipt p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...latencies).toFixed(0)} ms`,
    );
    console.log(
      `webhook worker memory (the worker's process; the receivers run in their own): RSS ${mb(before.rss).toFixed(1)} → ${mb(after.rss).toFixed(1)} MB, heap ${mb(before.heapUsed).toFixed(1)} → ${mb(after.heapUsed).toFixed(1)} MB (after the first 100 events → at the end)`,
    );
    report({ name: 'webhook-fanout-p95', measured: p95, limit: 1_000, unit: ' ms', kind: 'max', digits: 0 });
    // What the process keeps alive (heap and buffers after a full collection) beside what the OS counts
    // (RSS, which also holds memory the allocator freed but kept).
    const live = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external;
    report({
      name: 'webhook-worker-live-memory-growth',
      measured: mb(live(after) - live(before)),
      limit: 64,
      unit: ' MB',
      kind: 'max',
      digits: 1,
    });
    report({
      name: 'webhook-worker-rss-growth',
      measured: mb(after.rss - before.rss),
      limit: 64,
      unit: ' MB',
      kind: 'max',
      digits: 1,
    });
  } finally {
    await worker?.stop();
    receivers.stop();
    await db.close();
    await database.drop();
  }
}
