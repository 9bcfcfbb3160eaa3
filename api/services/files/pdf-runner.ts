import { Worker } from 'node:worker_threads';
import type { AnnotateTask, RenderResult, RenderTask, WorkerReply } from './pdf-worker';

/*
 * Runs `pdf-worker.ts` tasks off the event loop, in worker threads: at most `PDF_CONCURRENCY` tasks at a
 * time in this process (the preview job and on-demand page renders share them), each thread with a heap
 * limit, each task with a time limit after which its thread is terminated. Threads are kept between tasks
 * (loading pdf.js is most of a small task's time) until idle for `IDLE_MS` or `TASKS_PER_THREAD` tasks.
 */

/** Worker threads rendering or annotating at once in this process; the rest wait their turn. */
export const PDF_CONCURRENCY = 2;
/** Tasks waiting for a slot beyond this are refused (`busy`) rather than queued without end. */
export const PDF_QUEUE_MAX = 32;
/** A task's time, from handing it to a thread (a new thread's start included) to its answer. */
export const PDF_TASK_TIMEOUT_MS = 30_000;
/** The V8 heap of one task's thread (pdf.js's object graph; canvas and image buffers are outside it). */
const PDF_TASK_HEAP_MB = 384;

/** Why a PDF task gave no result: the bytes are not a readable PDF, or it ran out of time or memory. */
export class PdfTaskError extends Error {
  constructor(
    readonly reason: 'unreadable' | 'timeout' | 'too_large' | 'busy' | 'internal',
    message: string,
  ) {
    super(`pdf task ${reason}: ${message}`);
  }
}

let running = 0;
const waiting: (() => void)[] = [];

/**
 * Runs `fn` when one of the `PDF_CONCURRENCY` slots is free.
 * @throws PdfTaskError('busy') when `PDF_QUEUE_MAX` tasks are already waiting
 */
export async function withPdfSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= PDF_CONCURRENCY) {
    if (waiting.length >= PDF_QUEUE_MAX) throw new PdfTaskError('busy', `${waiting.length} tasks waiting`);
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const WORKER_URL = new URL('./pdf-worker.ts', import.meta.url);
/** A thread is replaced after this many tasks (whatever pdf.js keeps between documents is let go). */
const TASKS_PER_THREAD = 25;
/** An idle thread ends after this long (loading pdf.js again costs a second or two). */
const IDLE_MS = 30_000;

interface Thread {
  worker: Worker;
  tasks: number;
  dead: boolean;
  idleTimer?: NodeJS.Timeout;
}

/** Threads waiting for a task; at most `PDF_CONCURRENCY` exist, as only that many tasks run. */
const idle: Thread[] = [];

function spawn(): Thread {
  const worker = new Worker(WORKER_URL, {
    resourceLimits: { maxOldGenerationSizeMb: PDF_TASK_HEAP_MB, maxYoungGenerationSizeMb: 32 },
  });
  const thread: Thread = { worker, tasks: 0, dead: false };
  // An idle thread that fails or exits leaves the pool (and an 'error' never goes unhandled).
  worker.on('error', () => {
    thread.dead = true;
  });
  worker.on('exit', () => {
    thread.dead = true;
    const at = idle.indexOf(thread);
    if (at >= 0) idle.splice(at, 1);
  });
  return thread;
}

function take(): Thread {
  let thread = idle.pop();
  while (thread?.dead) thread = idle.pop();
  if (!thread) return spawn();
  clearTimeout(thread.idleTimer);
  thread.worker.ref();
  return thread;
}

function release(thread: Thread) {
  if (thread.dead || thread.tasks >= TASKS_PER_THREAD) {
    thread.dead = true;
    void thread.worker.terminate();
    return;
  }
  // Idle threads never keep the process alive.
  thread.worker.unref();
  thread.idleTimer = setTimeout(() => {
    thread.dead = true;
    void thread.worker.terminate();
  }, IDLE_MS);
  thread.idleTimer.unref();
  idle.push(thread);
}

function runOn(thread: Thread, task: RenderTask | AnnotateTask, timeoutMs: number): Promise<WorkerReply> {
  const { worker } = thread;
  thread.tasks++;
  return new Promise((resolve, reject) => {
    const fail = (err: PdfTaskError) => {
      cleanup();
      thread.dead = true;
      void worker.terminate();
      reject(err);
    };
    const onMessage = (reply: WorkerReply) => {
      cleanup();
      resolve(reply);
    };
    const onError = (err: Error & { code?: string }) =>
      fail(new PdfTaskError(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'too_large' : 'internal', String(err)));
    const onExit = (code: number) =>
      fail(new PdfTaskError('internal', `worker exited (${code}) without an answer`));
    const timer = setTimeout(
      () => fail(new PdfTaskError('timeout', `no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const cleanup = () => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(task, [task.data.buffer as ArrayBuffer]);
  });
}

async function runTask(task: RenderTask | AnnotateTask, timeoutMs: number) {
  const reply = await withPdfSlot(async () => {
    const thread = take();
    try {
      return await runOn(thread, task, timeoutMs);
    } finally {
      release(thread);
    }
  });
  if (!reply.ok) throw new PdfTaskError(reply.error, reply.message);
  return reply.result;
}

/**
 * Counts a PDF's pages, measures page 1 and renders `pages` (those that exist) with their long side
 * `longSide` pixels. The bytes are handed to the worker (`data` is unusable afterwards).
 * @throws PdfTaskError
 */
export async function renderPdf(
  data: Uint8Array,
  pages: number[],
  longSide: number,
  timeoutMs = PDF_TASK_TIMEOUT_MS,
): Promise<RenderResult> {
  const result = await runTask({ op: 'render', data: own(data), pages, longSide }, timeoutMs);
  if (result instanceof Uint8Array) throw new PdfTaskError('internal', 'unexpected answer');
  return result;
}

/**
 * Adds sticky notes to a PDF, or makes a one-page PDF of an image (PNG or JPEG) with them.
 * @throws PdfTaskError
 */
export async function annotatePdf(task: Omit<AnnotateTask, 'op'>, timeoutMs = PDF_TASK_TIMEOUT_MS) {
  const result = await runTask({ op: 'annotate', ...task, data: own(task.data) }, timeoutMs);
  if (!(result instanceof Uint8Array)) throw new PdfTaskError('internal', 'unexpected answer');
  return result;
}

/**
 * `data` itself when it is a plain `Uint8Array` spanning its whole buffer (e.g. a view of
 * `readVersionBytes`' one buffer), which is then handed over; else a copy with a buffer of its own: a
 * Buffer may share Node's pool, or hold memory of a native module (sharp's output), neither of which can
 * be transferred.
 */
function own(data: Uint8Array): Uint8Array {
  return data.byteOffset === 0 && data.byteLength === data.buffer.byteLength && !(data instanceof Buffer)
    ? data
    : new Uint8Array(data);
}
