import { EventEmitter } from 'node:events';
import {
  type JobHelpers,
  makeWorkerUtils,
  parseCronItems,
  Logger as QueueLogger,
  type TaskList as QueueTaskList,
  type Runner,
  type RunnerOptions,
  run,
  runMigrations,
  type WorkerEvents,
  type WorkerPool,
} from 'graphile-worker';
import type { Database } from '../db/client';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { AppDeps } from '../http/context';
import type { Logger } from '../http/logger';
import { retryDelayMs } from './backoff';
import { addJob, type JobEnvelope } from './queue';
import { SCHEDULES, type Schedule } from './schedules';
import type { TaskDefinition } from './task';
import { TASKS, type TaskList } from './tasks';

/** Where the queue lives: the database (its URL for the worker's own `pg` pool) and the schema. */
export type QueueDatabase = Pick<Database, 'url' | 'kind' | 'queueSchema'>;

export interface JobWorker {
  /**
   * Takes no new jobs and lets running ones finish. At JOBS_SHUTDOWN_TIMEOUT_MS their abort signal fires
   * (a task that stops then goes back to the queue at once); one second later whatever still runs is
   * failed back into the queue by graphile-worker (an attempt spent, retried in about 3 s elsewhere).
   */
  stop(): Promise<void>;
}

/**
 * Creates or updates the queue's schema (graphile-worker's own migrations). Start-up runs it before any
 * request, so `enqueue` works on every instance, with or without a worker.
 */
export async function installQueue(db: QueueDatabase, log: Logger): Promise<void> {
  await runMigrations({
    connectionString: db.url,
    schema: db.queueSchema,
    maxPoolSize: 1,
    noPreparedStatements: db.kind === 'embedded',
    logger: queueLogger(log),
  });
}

/**
 * Runs the tasks (the registry unless `opts.tasks`) and the schedules on this instance, with
 * JOBS_CONCURRENCY jobs at once, and webhook deliveries in their own lane of WEBHOOKS_CONCURRENCY (with
 * the others when it is 0); undefined when JOBS_CONCURRENCY is 0. Safe with any number of instances:
 * a job is locked (`FOR UPDATE SKIP LOCKED`) by exactly one worker.
 *
 * On PostgreSQL a new job's NOTIFY wakes a worker at once; on the embedded database (no NOTIFY across its
 * socket) workers poll every JOBS_POLL_INTERVAL_MS, and without prepared statements (their names would
 * collide in PGlite's one session).
 */
export async function startWorker(
  deps: AppDeps,
  db: QueueDatabase,
  opts: { tasks?: TaskList; schedules?: Schedule[] } = {},
): Promise<JobWorker | undefined> {
  const { config } = deps;
  if (config.JOBS_CONCURRENCY === 0) return undefined;
  const log = deps.log.child({ part: 'jobs' });
  const tasks = opts.tasks ?? (TASKS as unknown as TaskList);
  const general: QueueTaskList = {};
  const webhooks: QueueTaskList = {};
  const ownLane = config.WEBHOOKS_CONCURRENCY > 0;
  for (const def of Object.values(tasks)) {
    const list = ownLane && def.name === WEBHOOK_TASK ? webhooks : general;
    list[def.name] = (payload, helpers) => runAttempt(deps, db.queueSchema, def, payload, helpers, log);
  }
  const schedules = opts.schedules ?? SCHEDULES;
  const lanes = [
    await startLane(deps, db, log, {
      name: 'general',
      concurrency: config.JOBS_CONCURRENCY,
      poolSize: config.JOBS_CONCURRENCY + 2,
      taskList: general,
      schedules,
    }),
  ];
  // Webhook deliveries in a lane of their own (a worker fetches only the tasks it knows): a burst of them
  // waits on receivers without holding up e-mail. Few queue connections: completions are batched and a
  // delivery's own queries go through deps.sql.
  if (Object.keys(webhooks).length) {
    try {
      lanes.push(
        await startLane(deps, db, log, {
          name: 'webhooks',
          concurrency: config.WEBHOOKS_CONCURRENCY,
          poolSize: Math.min(config.WEBHOOKS_CONCURRENCY, 4) + 2,
          taskList: webhooks,
          schedules: [],
        }),
      );
    } catch (err) {
      await lanes[0]?.stop();
      throw err;
    }
  }
  return {
    stop: async () => {
      await Promise.all(lanes.map((lane) => lane.stop()));
    },
  };
}

const WEBHOOK_TASK = 'deliver_webhook';

/** One graphile-worker runner (its own pool of `concurrency` workers) for some of the tasks. */
async function startLane(
  deps: AppDeps,
  db: QueueDatabase,
  log: Logger,
  lane: {
    name: string;
    concurrency: number;
    poolSize: number;
    taskList: QueueTaskList;
    schedules: Schedule[];
  },
): Promise<JobWorker> {
  const { config } = deps;
  const { schedules } = lane;
  const options = {
    connectionString: db.url,
    schema: db.queueSchema,
    concurrency: lane.concurrency,
    // Connections for the running jobs' bookkeeping and LISTEN (tasks use deps.sql).
    maxPoolSize: lane.poolSize,
    pollInterval: config.JOBS_POLL_INTERVAL_MS,
    noPreparedStatements: db.kind === 'embedded',
    noHandleSignals: true,
    gracefulShutdownAbortTimeout: config.JOBS_SHUTDOWN_TIMEOUT_MS,
    logger: queueLogger(log),
    // Batched (after 0 ms) rather than fire-and-forget: a batch is flushed before the pool closes at
    // shutdown, where an unbatched completion of the last job can be lost and the job run again 4 h later.
    preset: {
      worker: {
        completeJobBatchDelay: 0,
        failJobBatchDelay: 0,
        // Embedded: one fetch for the whole pool per poll instead of one per idle worker. PGlite plans
        // each unprepared lookup anew on the server's own thread; four workers polling alone cost about
        // half a core while idle.
        ...(db.kind === 'embedded' ? { localQueue: { size: lane.concurrency } } : {}),
      },
    },
    taskList: lane.taskList,
    parsedCronItems: parseCronItems(
      schedules.map((s) => ({
        task: s.task,
        match: s.cron,
        identifier: s.task,
        payload: { payload: s.payload, attemptsBefore: 0 } satisfies JobEnvelope,
        options: { backfillPeriod: 0, jobKey: `schedule:${s.task}` },
      })),
    ),
  } satisfies RunnerOptions;

  let stopping: Promise<void> | undefined;
  let current: {
    runner: Runner;
    pool: () => WorkerPool | undefined;
    /** Its workers' ids (and the pool's): what their locks on jobs are recorded under. */
    lockers: () => string[];
    /** The last error a worker could not get past (recording an outcome). */
    fatal: () => unknown;
  };
  /**
   * Starts a runner. graphile-worker stops its pool for good when it cannot record a job's outcome (the
   * database gone for longer than its retries); the supervisor below starts a new one, so a database
   * restart does not leave the instance without a worker. The jobs the stopped pool held stay locked
   * under its workers' ids (for 4 hours, graphile-worker's lock timeout), so once the new runner is up
   * they are unlocked (`forceUnlockWorkers`: those workers are gone) and run again at once.
   */
  const launch = async (orphans: string[] = []) => {
    // The runner hides its worker pool, which alone can hand running jobs back (forcefulShutdown).
    const events: WorkerEvents = new EventEmitter();
    let pool: WorkerPool | undefined;
    let fatal: unknown;
    const lockers = new Set<string>();
    events.on('pool:create', ({ workerPool }) => {
      pool = workerPool;
      lockers.add(workerPool.id);
      // Why the pool gave up, when it does: the runner itself only says it stopped.
      workerPool.promise.catch((error: unknown) => {
        fatal ??= error;
      });
    });
    events.on('worker:create', ({ worker }) => {
      lockers.add(worker.workerId);
    });
    events.on('worker:fatalError', ({ error }) => {
      fatal = error;
    });
    const runner = await run({ ...options, events });
    // A restart that finished after stop() was called.
    if (stopping) {
      await runner.stop().catch(() => {});
      return;
    }
    current = { runner, pool: () => pool, lockers: () => [...lockers], fatal: () => fatal };
    runner.promise.then(
      () => supervise(runner),
      (err) => supervise(runner, err),
    );
    if (orphans.length) await unlockOrphans(orphans);
  };
  const unlockOrphans = async (workerIds: string[]) => {
    try {
      const utils = await makeWorkerUtils({
        connectionString: db.url,
        schema: db.queueSchema,
        noPreparedStatements: db.kind === 'embedded',
        logger: queueLogger(log),
      });
      try {
        await utils.forceUnlockWorkers(workerIds);
      } finally {
        await utils.release();
      }
      log.info({ workers: workerIds.length }, 'jobs of the stopped job worker unlocked');
    } catch (err) {
      // They run after graphile-worker's lock timeout instead.
      log.warn({ err: messageOf(err) }, 'jobs of the stopped job worker not unlocked');
    }
  };
  const supervise = (runner: Runner, err?: unknown) => {
    if (stopping || current.runner !== runner) return;
    const cause = err ?? current.fatal();
    const orphans = current.lockers();
    // Stopped for want of the database (a restart): expected and recovered here, so a warning.
    (isDatabaseUnavailable(cause) ? log.warn : log.error).call(
      log,
      { err: cause ? messageOf(cause) : undefined },
      'job worker stopped unexpectedly: restarting in 1 s',
    );
    const retry = () =>
      setTimeout(() => {
        if (stopping) return;
        launch(orphans).catch((e) => {
          (isDatabaseUnavailable(e) ? log.warn : log.error).call(
            log,
            { err: messageOf(e) },
            'job worker did not restart: trying again in 1 s',
          );
          retry();
        });
      }, 1_000).unref();
    retry();
  };
  await launch();
  log.info(
    { lane: lane.name, concurrency: lane.concurrency, schedules: schedules.length },
    'job worker started',
  );

  return {
    stop() {
      stopping ??= (async () => {
        const { runner, pool } = current;
        const graceful = runner.stop().catch(() => {});
        const grace = config.JOBS_SHUTDOWN_TIMEOUT_MS + 1_000;
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), grace);
        });
        const outcome = await Promise.race([graceful.then(() => 'done' as const), timedOut]);
        clearTimeout(timer);
        if (outcome === 'timeout') {
          log.warn({ afterMs: grace }, 'jobs still running at shutdown: returning them to the queue');
          await pool()?.forcefulShutdown('worker shut down before the job finished');
        }
        await graceful;
        log.info({ lane: lane.name }, 'job worker stopped');
      })();
      return stopping;
    },
  };
}

/**
 * One attempt of a job. Failures are handled here rather than by graphile-worker, whose retry delay is
 * fixed at e^attempts seconds: a failed attempt adds the job again with JOBS_RETRY_BASE_MS doubling
 * (the maintainers' suggestion for a custom backoff) and ends this one as done. The last attempt's
 * failure is thrown, so the queue keeps the job as failed for inspection (pruned after 14 days).
 */
async function runAttempt(
  deps: AppDeps,
  schema: string,
  def: TaskDefinition,
  raw: unknown,
  helpers: JobHelpers,
  parentLog: Logger,
): Promise<void> {
  const envelope = readEnvelope(raw);
  const { job } = helpers;
  // `job.attempts` is graphile-worker's own count for this job row: 1, or more after a crashed worker.
  const attempt = envelope.attemptsBefore + job.attempts;
  const maxAttempts = envelope.attemptsBefore + job.max_attempts;
  const log = parentLog.child({ task: def.name, jobId: job.id, attempt });
  const parsed = def.payload.safeParse(envelope.payload);
  if (!parsed.success) {
    // Checked at enqueue; only a task whose schema changed under queued jobs gets here. No retry heals it.
    log.error({ issues: parsed.error.issues }, 'job payload no longer valid: dropped');
    return;
  }
  const signal = helpers.abortSignal;
  try {
    await def.run(parsed.data, { deps, jobId: job.id, attempt, maxAttempts, log, signal });
  } catch (err) {
    const again = { payload: envelope.payload, attemptsBefore: attempt } satisfies JobEnvelope;
    const options = { maxAttempts, ...(job.key ? { jobKey: job.key } : {}) };
    if (signal.aborted) {
      // Shutting down: back to the queue for another instance, this attempt not counted.
      await addJob(deps.sql, schema, def.name, { ...again, attemptsBefore: attempt - 1 }, options);
      log.info({}, 'job returned to the queue at shutdown');
      return;
    }
    if (attempt >= maxAttempts) {
      log.error({ err: messageOf(err) }, 'job failed for good');
      throw err;
    }
    const delayMs = retryDelayMs(
      attempt,
      def.retrySchedule?.(deps.config) ?? {
        baseMs: deps.config.JOBS_RETRY_BASE_MS,
        maxMs: deps.config.JOBS_RETRY_MAX_MS,
      },
    );
    await addJob(deps.sql, schema, def.name, again, {
      ...options,
      runAt: new Date(Date.now() + delayMs),
    });
    log.warn({ err: messageOf(err), retryInMs: delayMs, maxAttempts }, 'job attempt failed: retrying');
  }
}

function readEnvelope(raw: unknown): JobEnvelope {
  if (raw && typeof raw === 'object' && 'attemptsBefore' in raw && 'payload' in raw) {
    const { attemptsBefore, payload } = raw as JobEnvelope;
    if (Number.isInteger(attemptsBefore) && attemptsBefore >= 0) return { payload, attemptsBefore };
  }
  // Not enqueued through `enqueue` (e.g. `add_job` by hand in psql): the whole JSON is the payload.
  return { payload: raw, attemptsBefore: 0 };
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** graphile-worker's own lines about the database being away, whose error is only in the text. */
const DATABASE_AWAY =
  /ECONNREFUSED|ECONNRESET|CONNECTION_CLOSED|Connection terminated|terminating connection|connection error|database system is (starting up|shutting down|in recovery)|timeout exceeded when trying to connect/;

/**
 * graphile-worker's log lines into ours: its per-job "completed" lines at debug (every mail would
 * otherwise log twice), warnings and errors as they are.
 */
function queueLogger(log: Logger): QueueLogger {
  return new QueueLogger((scope) => (level, message, meta) => {
    const fields: Record<string, unknown> = {
      ...(scope.taskIdentifier ? { task: scope.taskIdentifier } : {}),
      ...(scope.jobId ? { jobId: scope.jobId } : {}),
      ...(meta?.error instanceof Error ? { err: meta.error.message } : {}),
    };
    // The database restarting or away (issue 31): graphile-worker reconnects its pool and its LISTEN by
    // itself (and `startLane` restarts a runner that gave up), so that is a warning, not an error.
    if (level === 'error' && !isDatabaseUnavailable(meta?.error) && !DATABASE_AWAY.test(message))
      log.error(fields, message);
    else if (level === 'error' || level === 'warning') log.warn(fields, message);
    else log.debug(fields, message);
  });
}
