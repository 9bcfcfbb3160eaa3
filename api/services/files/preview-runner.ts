import type { Logger } from '../../http/logger';
import {
  Child,
  PREVIEW_OUTPUT_MAX_BYTES,
  PreviewTaskError,
  type Ready,
  type TaskInput,
} from './preview-child';
import type { PreviewTask, ProcessMessage } from './preview-process';

/*
 * Runs `preview-process.ts` tasks in child processes under hard limits, so no file can cost the server
 * more than one child's share:
 * - memory: the child's address space (set by the child itself with prlimit before it reads any task,
 *   `PREVIEW_MEMORY_MB` over its loaded size), which covers every allocation, native or not;
 * - CPU time: `cpuMs` per task, read from /proc while it runs (the child is killed past it), and a hard
 *   RLIMIT_CPU for the child's life;
 * - output: a reply larger than `PREVIEW_OUTPUT_MAX_BYTES` kills the child before it is read;
 * - wall time: `PREVIEW_WALL_MS` per task (a backstop: only a machine too loaded to give the child its CPU
 *   gets there, so that failure is not the file's and is retried).
 * A child serves one task at a time and is kept for the next (loading pdf.js is most of a small task's
 * time) until idle for `IDLE_MS`, `TASKS_PER_PROCESS` tasks, or a task that left it large; a child that
 * failed a task is never reused. How many run at once is the scheduler's business (`preview-scheduler.ts`).
 */

/** A task's wall time, from asking for a child (a new one's start included) to its answer. */
export const PREVIEW_WALL_MS = 60_000;
/** A child is replaced after this many tasks. */
const TASKS_PER_PROCESS = 50;
/** An idle child ends after this long (a new one loads pdf.js again). */
const IDLE_MS = 30_000;
/** A child left holding more than this after a task is ended rather than kept. */
const RECYCLE_RSS_BYTES = 256 * 1024 * 1024;
/** How often a running task's CPU time is read. */
const CPU_POLL_MS = 50;
/** Idle children kept at most (the scheduler runs no more tasks than this at once). */
export const PREVIEW_PROCESSES = 2;

const idle: Child[] = [];
let warnedUnlimited = false;

function take(): Child {
  let child = idle.pop();
  while (child?.dead) child = idle.pop();
  if (!child) return new Child();
  clearTimeout(child.idleTimer);
  return child;
}

function release(child: Child) {
  if (child.dead) return;
  if (
    child.tasks >= TASKS_PER_PROCESS ||
    child.rss() > RECYCLE_RSS_BYTES ||
    idle.length >= PREVIEW_PROCESSES
  ) {
    child.kill(new PreviewTaskError('unavailable', 'retired'));
    return;
  }
  // Idle children never keep the server's process alive.
  child.idleTimer = setTimeout(() => child.kill(new PreviewTaskError('unavailable', 'idle')), IDLE_MS);
  child.idleTimer.unref();
  child.proc.unref();
  for (const stream of [child.proc.stdin, child.proc.stdout, child.proc.stderr])
    (stream as unknown as { unref?: () => void }).unref?.();
  idle.push(child);
}

function use(child: Child) {
  child.proc.ref();
  for (const stream of [child.proc.stdin, child.proc.stdout, child.proc.stderr])
    (stream as unknown as { ref?: () => void }).ref?.();
}

export interface RunOptions {
  /** CPU time the task may use, ms. */
  cpuMs: number;
  /** Wall time, ms (default `PREVIEW_WALL_MS`). */
  wallMs?: number;
  /** The largest reply, bytes (default `PREVIEW_OUTPUT_MAX_BYTES`). */
  outputMaxBytes?: number;
  /** Aborts the task (the child is killed); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Where to say, once, that previews run without a memory limit. */
  log?: Pick<Logger, 'warn'>;
}

/** Observers of the children's lives (tests read limits and peaks). */
export interface RunStats {
  pid: number;
  limits: Ready['limits'];
}

/**
 * Runs one task in a child process under the limits, with `input` as its file.
 * @throws PreviewTaskError (`permanent` for the file's own failures), or the signal's reason
 */
export async function runPreviewTask(
  task: PreviewTask,
  input: TaskInput,
  opts: RunOptions,
): Promise<{ message: Extract<ProcessMessage, { type: 'result' }>; blobs: Buffer[]; stats: RunStats }> {
  const child = take();
  use(child);
  const wallMs = opts.wallMs ?? PREVIEW_WALL_MS;
  let poll: NodeJS.Timeout | undefined;
  const wall = setTimeout(
    () => child.kill(new PreviewTaskError('unavailable', `no answer within ${wallMs} ms`)),
    wallMs,
  );
  const onAbort = () => child.kill(new PreviewTaskError('unavailable', 'aborted'));
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    opts.signal?.throwIfAborted();
    const ready = await child.ready;
    if (!ready.limits && !warnedUnlimited) {
      warnedUnlimited = true;
      opts.log?.warn({ reason: ready.limitError }, 'previews run without a memory limit (no prlimit)');
    }
    child.tasks++;
    child.outputMax = opts.outputMaxBytes ?? PREVIEW_OUTPUT_MAX_BYTES;
    const start = child.cpuMs();
    if (start !== null)
      poll = setInterval(() => {
        const now = child.cpuMs();
        if (now !== null && now - start > opts.cpuMs)
          child.kill(new PreviewTaskError('too_slow', `more than ${opts.cpuMs} ms of CPU time`));
      }, CPU_POLL_MS);
    const { message, blobs } = await child.send(task, input);
    if (message.type === 'failed') {
      // A process whose allocation failed may be left in any state: it is not reused.
      child.kill(new PreviewTaskError(message.reason, message.message));
      throw new PreviewTaskError(message.reason, message.message);
    }
    if (message.type === 'unavailable') throw new PreviewTaskError('unavailable', message.message);
    if (message.type !== 'result') throw new PreviewTaskError('unavailable', `unexpected ${message.type}`);
    return { message, blobs, stats: { pid: child.pid, limits: ready.limits } };
  } catch (err) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    throw err;
  } finally {
    clearTimeout(wall);
    clearInterval(poll);
    opts.signal?.removeEventListener('abort', onAbort);
    release(child);
  }
}
