import type postgres from 'postgres';
import type { Sql, Tx } from '../db/client';
import { DEFAULT_MAX_ATTEMPTS } from './task';
import { ENQUEUE_ONLY, type PayloadOf, TASKS, type TaskName } from './tasks';

export interface EnqueueOptions {
  /** Not before this moment (default: at once). */
  runAt?: Date;
  /**
   * At most one waiting job per key: enqueueing again with the same key replaces the waiting job's payload
   * and time (a running one is left to finish). E.g. `domain-recheck:<portalId>`.
   */
  jobKey?: string;
  /**
   * With `jobKey`: `replace` (default) moves the waiting job to this payload and time; `preserve_run_at`
   * keeps its time (a window that later events join but never postpone, e.g. a message digest).
   */
  jobKeyMode?: 'replace' | 'preserve_run_at';
  /** Overrides the task's own `maxAttempts`. */
  maxAttempts?: number;
}

/**
 * What the queue stores as a job's payload: the task's payload and how many attempts came before (a retry
 * is a new job, see worker.ts). Cron-made jobs also carry graphile-worker's `_cron` member.
 */
export interface JobEnvelope {
  payload: unknown;
  attemptsBefore: number;
}

/** The one way the rest of the code adds background jobs. */
export interface JobQueue {
  /** The queue's PostgreSQL schema (graphile-worker's tables and functions). */
  readonly schema: string;
  /**
   * Adds a job in the caller's transaction: it exists, and can run, only once that transaction commits
   * (on PostgreSQL the commit's NOTIFY wakes a worker at once). The payload is checked against the task's
   * schema here, so a bad one fails the caller, not the job.
   * @example await sql.begin((tx) => deps.jobs.enqueue(tx, 'send_mail', { mailId }))
   */
  enqueue<N extends TaskName>(
    tx: Tx | Sql,
    task: N,
    payload: PayloadOf<N>,
    opts?: EnqueueOptions,
  ): Promise<{ id: string }>;
}

/**
 * A queue handle on graphile-worker's schema. Enqueueing is plain SQL (`add_job`) through whichever
 * postgres.js transaction the caller holds, so it needs no worker and no second driver.
 */
export function createJobQueue(schema: string): JobQueue {
  return {
    schema,
    async enqueue(tx, task, payload, opts = {}) {
      const def: { payload: import('zod').ZodType; maxAttempts?: number } =
        task in TASKS ? TASKS[task as keyof typeof TASKS] : ENQUEUE_ONLY[task as keyof typeof ENQUEUE_ONLY];
      const parsed = def.payload.parse(payload);
      const maxAttempts = opts.maxAttempts ?? def.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
      return addJob(tx, schema, task, { payload: parsed, attemptsBefore: 0 }, { ...opts, maxAttempts });
    },
  };
}

/**
 * `add_job` with a prepared envelope; the worker uses it for retries. `maxAttempts` counts from the first
 * attempt, so the queue's own limit for this job is what is left of it.
 */
export async function addJob(
  tx: Tx | Sql,
  schema: string,
  task: string,
  envelope: JobEnvelope,
  opts: EnqueueOptions & { maxAttempts: number },
): Promise<{ id: string }> {
  const remaining = Math.max(opts.maxAttempts - envelope.attemptsBefore, 1);
  const [row] = await tx<{ id: string }[]>`
    SELECT id::text FROM ${tx(schema)}.add_job(
      identifier => ${task}::text,
      payload => ${tx.json(envelope as unknown as postgres.JSONValue)}::json,
      run_at => ${opts.runAt ?? null}::timestamptz,
      max_attempts => ${remaining}::int,
      job_key => ${opts.jobKey ?? null}::text,
      job_key_mode => ${opts.jobKey ? (opts.jobKeyMode ?? 'replace') : null}::text
    )`;
  if (!row) throw new Error(`add_job returned no row for ${task}`);
  return { id: row.id };
}
