import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { loadConfig } from '../../api/config';
import { type Database, openDatabase } from '../../api/db/client';
import { createLogger } from '../../api/http/logger';
import { addJob } from '../../api/jobs/queue';
import { defineTask } from '../../api/jobs/task';
import { startWorker } from '../../api/jobs/worker';
import { createDeps } from '../../api/server';
import { freshDatabase } from './app';
import type { Budget } from './report';

/** Samples per database: one job at a time, a random pause between, so the poll's phase is uniform. */
const SAMPLES = { postgres: 300, embedded: 40 };
/** Jobs committed at once for the drain rate (printed, no budget). */
const BURST = { postgres: 2_000, embedded: 300 };

export interface PickupResult {
  kind: Database['kind'];
  pollMs: number;
  p50: number;
  p99: number;
  jobsPerSecond: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/**
 * Job pickup latency, enqueue (its commit) → handler start, through the app's own queue code: `add_job` in a
 * postgres.js transaction, the worker as the server starts it (default JOBS_* configuration), on a fresh
 * database (a new database on `adminUrl`'s server, or a fresh in-memory embedded one).
 */
export async function jobPickup(kind: Database['kind'], adminUrl: string): Promise<PickupResult> {
  const log = createLogger('silent');
  const database =
    kind === 'postgres'
      ? await freshDatabase(adminUrl, `bench_jobs_${randomBytes(4).toString('hex')}`)
      : undefined;
  const url = database?.url;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const db = await openDatabase({ ...config, DATA_DIR: undefined }, log);
  const { deps } = await createDeps(config, log, db);
  let onStart: (seq: number) => void = () => {};
  const worker = await startWorker(deps, db, {
    tasks: {
      bench_probe: defineTask({
        name: 'bench_probe',
        payload: z.object({ seq: z.number() }),
        async run({ seq }) {
          onStart(seq);
        },
      }),
    },
    schedules: [],
  });
  const enqueue = (seq: number) =>
    addJob(
      deps.sql,
      db.queueSchema,
      'bench_probe',
      { payload: { seq }, attemptsBefore: 0 },
      { maxAttempts: 1 },
    );
  try {
    for (let i = 0; i < 5; i++) {
      const started = new Promise<void>((resolve) => {
        onStart = () => resolve();
      });
      await enqueue(-1);
      await started;
    }
    const latencies: number[] = [];
    for (let seq = 0; seq < SAMPLES[kind]; seq++) {
      let t0 = 0;
      const started = new Promise<number>((resolve) => {
        onStart = () => resolve(performance.now() - t0);
      });
      // From the commit on (the job exists from then): the clock starts as COMMIT is sent.
      await deps.sql.begin(async (tx) => {
        await addJob(
          tx,
          db.queueSchema,
          'bench_probe',
          { payload: { seq }, attemptsBefore: 0 },
          { maxAttempts: 1 },
        );
        t0 = performance.now();
      });
      latencies.push(await started);
      // A random pause so each job arrives at a random point of the poll's cycle (a fixed rhythm
      // would find the embedded poll at the same phase every time).
      const pauseMs = kind === 'embedded' ? config.JOBS_POLL_INTERVAL_MS : 20;
      await new Promise((r) => setTimeout(r, Math.random() * pauseMs));
    }
    let seen = 0;
    const drained = new Promise<void>((resolve) => {
      onStart = () => {
        seen += 1;
        if (seen === BURST[kind]) resolve();
      };
    });
    const t0 = performance.now();
    await deps.sql`
      SELECT ${deps.sql(db.queueSchema)}.add_job('bench_probe',
        json_build_object('payload', json_build_object('seq', i), 'attemptsBefore', 0), max_attempts => 1)
      FROM generate_series(1, ${BURST[kind]}) i`;
    await drained;
    const jobsPerSecond = BURST[kind] / ((performance.now() - t0) / 1000);
    return {
      kind,
      pollMs: config.JOBS_POLL_INTERVAL_MS,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      jobsPerSecond,
    };
  } finally {
    await worker?.stop();
    await db.close();
    await database?.drop();
  }
}

/**
 * The budgets. PostgreSQL: a commit's NOTIFY wakes a waiting worker, so pickup is a few round trips:
 * p50 ≤ 10 ms, p99 ≤ 50 ms (measured 2–4 ms on an idle 2-core machine; the p99 leaves room for a busy
 * one). Embedded: no NOTIFY across PGlite's socket, workers poll, so a job waits up to one poll interval
 * (uniformly, with random arrival): p50 ≤ half the interval + 50 ms, p99 ≤ the interval + 50 ms.
 */
export function pickupBudgets(r: PickupResult): Budget[] {
  const label = r.kind === 'postgres' ? 'postgres' : 'embedded';
  const limits =
    r.kind === 'postgres' ? { p50: 10, p99: 50 } : { p50: r.pollMs / 2 + 50, p99: r.pollMs + 50 };
  return [
    {
      name: `job-pickup-p50 ${label}`,
      measured: r.p50,
      limit: limits.p50,
      unit: ' ms',
      kind: 'max',
      digits: 1,
    },
    {
      name: `job-pickup-p99 ${label}`,
      measured: r.p99,
      limit: limits.p99,
      unit: ' ms',
      kind: 'max',
      digits: 1,
    },
  ];
}
