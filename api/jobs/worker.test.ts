import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config';
import { createTestContext, type TestContext } from '../testing/harness';
import { addJob } from './queue';
import { defineTask, type TaskContext } from './task';
import type { TaskList } from './tasks';
import { type JobWorker, startWorker } from './worker';

/** Test tasks, run by a worker given this list instead of the registry. */
function recorder() {
  const runs: { name: string; payload: unknown; attempt: number; maxAttempts: number }[] = [];
  const seen = (name: string, payload: unknown, ctx: TaskContext) =>
    runs.push({ name, payload, attempt: ctx.attempt, maxAttempts: ctx.maxAttempts });
  return { runs, seen };
}

const waitFor = <T>(fn: () => T | Promise<T>, timeout = 10_000) => vi.waitFor(fn, { timeout, interval: 20 });

const enqueueRaw = (t: TestContext, task: string, payload: unknown, maxAttempts = 5, jobKey?: string) =>
  addJob(
    t.sql,
    t.db.queueSchema,
    task,
    { payload, attemptsBefore: 0 },
    { maxAttempts, ...(jobKey ? { jobKey } : {}) },
  );

describe('the job queue', () => {
  let t: TestContext;
  let worker: JobWorker | undefined;
  const { runs, seen } = recorder();
  let failuresLeft = 0;
  const tasks: TaskList = {
    note: defineTask({
      name: 'note',
      payload: z.object({ n: z.number() }),
      async run(payload, ctx) {
        seen('note', payload, ctx);
      },
    }),
    flaky: defineTask({
      name: 'flaky',
      payload: z.object({ n: z.number() }),
      async run(payload, ctx) {
        seen('flaky', payload, ctx);
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('provider down');
        }
      },
    }),
    doomed: defineTask({
      name: 'doomed',
      payload: z.object({}),
      async run(payload, ctx) {
        seen('doomed', payload, ctx);
        throw new Error('always broken');
      },
    }),
  };

  beforeAll(async () => {
    t = await createTestContext({
      JOBS_RETRY_BASE_MS: '40',
      JOBS_POLL_INTERVAL_MS: '50',
      JOBS_CONCURRENCY: '2',
    });
    worker = await startWorker(t.deps, t.db, { tasks, schedules: [] });
  });
  afterAll(async () => {
    await worker?.stop();
    await t.close();
  });

  it('adds a job in the caller transaction: nothing on rollback, one run after commit', async () => {
    await expect(
      t.sql.begin(async (tx) => {
        await addJob(
          tx,
          t.db.queueSchema,
          'note',
          { payload: { n: 1 }, attemptsBefore: 0 },
          { maxAttempts: 3 },
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.sql.begin((tx) =>
      addJob(tx, t.db.queueSchema, 'note', { payload: { n: 2 }, attemptsBefore: 0 }, { maxAttempts: 3 }),
    );
    await waitFor(() => expect(runs.filter((r) => r.name === 'note')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 200));
    expect(runs.filter((r) => r.name === 'note').map((r) => r.payload)).toEqual([{ n: 2 }]);
  });

  it('checks the payload against the task schema when enqueueing', async () => {
    await expect(t.deps.jobs.enqueue(t.sql, 'send_mail', { mailId: 'not-a-uuid' })).rejects.toThrow(
      z.ZodError,
    );
    const jobs =
      await t.sql`SELECT 1 FROM ${t.sql(t.db.queueSchema)}.jobs WHERE task_identifier = 'send_mail'`;
    expect(jobs).toHaveLength(0);
  });

  it('retries a failing job with backoff, counting attempts, until it succeeds', async () => {
    failuresLeft = 2;
    const before = Date.now();
    await enqueueRaw(t, 'flaky', { n: 7 }, 5);
    await waitFor(() => expect(runs.filter((r) => r.name === 'flaky')).toHaveLength(3));
    const flaky = runs.filter((r) => r.name === 'flaky');
    expect(flaky.map((r) => [r.attempt, r.maxAttempts])).toEqual([
      [1, 5],
      [2, 5],
      [3, 5],
    ]);
    // 40 ms then 80 ms (±25 %) of backoff at least.
    expect(Date.now() - before).toBeGreaterThanOrEqual(90);
    await waitFor(async () => {
      const left = await t.sql`SELECT 1 FROM ${t.sql(t.db.queueSchema)}.jobs WHERE task_identifier = 'flaky'`;
      expect(left).toHaveLength(0);
    });
  });

  it('gives up after the last attempt and keeps the job as failed with its error', async () => {
    await enqueueRaw(t, 'doomed', {}, 3);
    await waitFor(() => expect(runs.filter((r) => r.name === 'doomed')).toHaveLength(3));
    await waitFor(async () => {
      const [job] = await t.sql<{ attempts: number; max_attempts: number; last_error: string }[]>`
        SELECT attempts, max_attempts, last_error FROM ${t.sql(t.db.queueSchema)}.jobs
        WHERE task_identifier = 'doomed'`;
      expect(job?.attempts).toBe(job?.max_attempts);
      expect(job?.last_error).toBe('always broken');
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(runs.filter((r) => r.name === 'doomed').map((r) => r.attempt)).toEqual([1, 2, 3]);
  });

  it('keeps one waiting job per job key, with the newest payload', async () => {
    const later = new Date(Date.now() + 60_000);
    for (const n of [1, 2, 3]) {
      await addJob(
        t.sql,
        t.db.queueSchema,
        'note',
        { payload: { n }, attemptsBefore: 0 },
        { maxAttempts: 3, jobKey: 'recheck:portal-1', runAt: later },
      );
    }
    const jobs = await t.sql<{ payload: { payload: unknown } }[]>`
      SELECT j.payload FROM ${t.sql(t.db.queueSchema)}._private_jobs j WHERE j.key = 'recheck:portal-1'`;
    expect(jobs.map((j) => j.payload.payload)).toEqual([{ n: 3 }]);
  });
});

describe('JOBS_* configuration', () => {
  it('refuses a bad value with one line naming the variable', () => {
    expect(() => loadConfig({ JOBS_CONCURRENCY: '-1' })).toThrow(
      /^Invalid environment variable JOBS_CONCURRENCY: /,
    );
    expect(() => loadConfig({ JOBS_POLL_INTERVAL_MS: 'often' })).toThrow(/JOBS_POLL_INTERVAL_MS/);
  });

  it('runs no worker on an instance with JOBS_CONCURRENCY=0, which can still enqueue', async () => {
    const t = await createTestContext({ JOBS_CONCURRENCY: '0' });
    try {
      expect(await startWorker(t.deps, t.db)).toBeUndefined();
      const mail = { to: 'a@example.com', subject: 's', html: 'h', text: 't', kind: 'test_mail' };
      await t.sql.begin((tx) => t.deps.mailer.queue(tx, mail));
      const jobs =
        await t.sql`SELECT 1 FROM ${t.sql(t.db.queueSchema)}.jobs WHERE task_identifier = 'send_mail'`;
      expect(jobs).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

describe('stopping the worker', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({
      JOBS_POLL_INTERVAL_MS: '50',
      JOBS_SHUTDOWN_TIMEOUT_MS: '300',
      JOBS_CONCURRENCY: '2',
    });
  });
  afterAll(() => t.close());

  it('lets a running job finish within the shutdown window', async () => {
    const finished: number[] = [];
    let started = false;
    const tasks: TaskList = {
      slow: defineTask({
        name: 'slow',
        payload: z.object({}),
        async run() {
          started = true;
          await new Promise((r) => setTimeout(r, 150));
          finished.push(Date.now());
        },
      }),
    };
    const worker = await startWorker(t.deps, t.db, { tasks, schedules: [] });
    await enqueueRaw(t, 'slow', {});
    await waitFor(() => expect(started).toBe(true));
    await worker?.stop();
    expect(finished).toHaveLength(1);
    const left = await t.sql`SELECT 1 FROM ${t.sql(t.db.queueSchema)}.jobs WHERE task_identifier = 'slow'`;
    expect(left).toHaveLength(0);
  });

  it('returns a job that stops on the abort signal to the queue without spending an attempt', async () => {
    const attempts: number[] = [];
    const tasks = (block: boolean): TaskList => ({
      polite: defineTask({
        name: 'polite',
        payload: z.object({}),
        async run(_payload, ctx) {
          attempts.push(ctx.attempt);
          if (!block) return;
          await new Promise((_resolve, reject) => {
            ctx.signal.addEventListener('abort', () => reject(new Error('aborted')));
          });
        },
      }),
    });
    const first = await startWorker(t.deps, t.db, { tasks: tasks(true), schedules: [] });
    await enqueueRaw(t, 'polite', {});
    await waitFor(() => expect(attempts).toEqual([1]));
    const stoppedAt = Date.now();
    await first?.stop();
    expect(Date.now() - stoppedAt).toBeLessThan(1_200);
    // Another instance picks it up at once, as attempt 1 again.
    const second = await startWorker(t.deps, t.db, { tasks: tasks(false), schedules: [] });
    await waitFor(() => expect(attempts).toEqual([1, 1]));
    await second?.stop();
  });

  it('fails a job that ignores the signal back into the queue after the window', async () => {
    let release: () => void = () => {};
    const tasks: TaskList = {
      stubborn: defineTask({
        name: 'stubborn',
        payload: z.object({}),
        async run() {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        },
      }),
    };
    const worker = await startWorker(t.deps, t.db, { tasks, schedules: [] });
    const { id } = await enqueueRaw(t, 'stubborn', {});
    await waitFor(async () => {
      const [job] = await t.sql`SELECT locked_by FROM ${t.sql(t.db.queueSchema)}.jobs WHERE id = ${id}`;
      expect(job?.locked_by).not.toBeNull();
    });
    await worker?.stop();
    const [job] = await t.sql<{ locked_by: string | null; attempts: number; last_error: string }[]>`
      SELECT locked_by, attempts, last_error FROM ${t.sql(t.db.queueSchema)}.jobs WHERE id = ${id}`;
    expect(job).toMatchObject({ locked_by: null, attempts: 1 });
    expect(job?.last_error).toMatch(/shut/i);
    release();
  });
});

describe('webhook deliveries in their own lane', () => {
  let t: TestContext;
  let worker: JobWorker | undefined;
  let release: () => void = () => {};
  const blocked = new Promise<void>((resolve) => {
    release = resolve;
  });
  const { runs, seen } = recorder();
  const tasks: TaskList = {
    block: defineTask({
      name: 'block',
      payload: z.object({}),
      async run(payload, ctx) {
        seen('block', payload, ctx);
        await blocked;
      },
    }),
    deliver_webhook: defineTask({
      name: 'deliver_webhook',
      payload: z.object({ n: z.number() }),
      async run(payload, ctx) {
        seen('deliver_webhook', payload, ctx);
      },
    }),
  };

  beforeAll(async () => {
    t = await createTestContext({
      JOBS_POLL_INTERVAL_MS: '50',
      JOBS_CONCURRENCY: '1',
      WEBHOOKS_CONCURRENCY: '2',
    });
    worker = await startWorker(t.deps, t.db, { tasks, schedules: [] });
  });
  afterAll(async () => {
    release();
    await worker?.stop();
    await t.close();
  });

  it('delivers while every general worker is busy', async () => {
    await enqueueRaw(t, 'block', {});
    await waitFor(() => expect(runs.filter((r) => r.name === 'block')).toHaveLength(1));
    await enqueueRaw(t, 'deliver_webhook', { n: 1 });
    await enqueueRaw(t, 'deliver_webhook', { n: 2 });
    await waitFor(() => expect(runs.filter((r) => r.name === 'deliver_webhook')).toHaveLength(2));
    release();
  });

  it('bounds WEBHOOKS_CONCURRENCY (0–64)', () => {
    expect(loadConfig({}).WEBHOOKS_CONCURRENCY).toBe(16);
    expect(() => loadConfig({ WEBHOOKS_CONCURRENCY: '65' })).toThrow(/WEBHOOKS_CONCURRENCY/);
  });
});
