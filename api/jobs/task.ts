import type { z } from 'zod';
import type { Config } from '../config';
import type { AppDeps } from '../http/context';
import type { Logger } from '../http/logger';
import type { RetrySchedule } from './backoff';

/** What a task's `run` gets besides its payload. */
export interface TaskContext {
  deps: AppDeps;
  /** The job's id in the queue (a new id for each retry). */
  jobId: string;
  /** This attempt's number, 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  /** Bound to the task and job id. */
  log: Logger;
  /**
   * Aborted when the worker shuts down and the job's time is up: stop, and throw. A job that ends this way
   * goes back to the queue at once, without spending an attempt.
   */
  signal: AbortSignal;
}

/**
 * One kind of background job. The payload schema is checked when a job is enqueued and again when it
 * runs (a job may outlive the deploy that enqueued it). Payloads are stored as JSON in the queue's table:
 * they carry ids, never secrets or whole records (the task re-reads what it needs).
 */
export interface TaskDefinition<N extends string = string, S extends z.ZodType = z.ZodType> {
  /** snake_case identifier stored with each job; never rename one with jobs still queued. */
  name: N;
  payload: S;
  /** Attempts before the job is given up (default {@link DEFAULT_MAX_ATTEMPTS}). */
  maxAttempts?: number;
  /**
   * The spacing of its retries, from the configuration; default JOBS_RETRY_BASE_MS / JOBS_RETRY_MAX_MS
   * (`backoff.ts`: webhooks retry longer).
   */
  retrySchedule?: (config: Config) => RetrySchedule;
  /** Throw to fail the attempt: the job is retried with backoff until its attempts are spent. */
  run(payload: z.output<S>, ctx: TaskContext): Promise<void>;
}

export const DEFAULT_MAX_ATTEMPTS = 10;

/**
 * Declares a task (one file per task under `api/jobs/tasks/`, listed in `tasks/index.ts`).
 * @example export const sendMail = defineTask({ name: 'send_mail', payload: z.object({ mailId: z.uuid() }), run })
 */
export function defineTask<const N extends string, S extends z.ZodType>(
  def: TaskDefinition<N, S>,
): TaskDefinition<N, S> {
  return def;
}
