import { Worker } from 'node:worker_threads';
import type { AnnotateTask, RenderResult, RenderTask, WorkerReply } from './pdf-worker';

/*
 * Runs `pdf-worker.ts` tasks off the event loop: one worker thread per task, at most
 * `PDF_CONCURRENCY` at a time in this process (the preview job and on-demand page renders share them),
 * each with a heap limit and a time limit after which the thread is terminated.
 */

/** Worker threads rendering or annotating at once in this process; the rest wait their turn. */
export const PDF_CONCURRENCY = 2;
/** A task's time, from the thread's start (loading pdf.js included) to its answer. */
export const PDF_TASK_TIMEOUT_MS = 30_000;
/** The V8 heap of one task's thread (pdf.js's object graph; canvas and image buffers are outside it). */
const PDF_TASK_HEAP_MB = 384;

/** Why a PDF task gave no result: the bytes are not a readable PDF, or it ran out of time or memory. */
export class PdfTaskError extends Error {
  constructor(
    readonly reason: 'unreadable' | 'timeout' | 'too_large' | 'internal',
    message: string,
  ) {
    super(`pdf task ${reason}: ${message}`);
  }
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `fn` when one of the `PDF_CONCURRENCY` slots is free. */
export async function withPdfSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= PDF_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const WORKER_URL = new URL('./pdf-worker.ts', import.meta.url);

function runWorker(task: RenderTask | AnnotateTask, timeoutMs: number): Promise<WorkerReply> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: task,
      transferList: [task.data.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: PDF_TASK_HEAP_MB, maxYoungGenerationSizeMb: 32 },
      // The worker writes nothing worth keeping; pdf.js's warnings about odd files are not our errors.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => finish(() => reject(new PdfTaskError('timeout', `no answer within ${timeoutMs} ms`))),
      timeoutMs,
    );
    worker.once('message', (reply: WorkerReply) => finish(() => resolve(reply)));
    worker.once('error', (err: Error & { code?: string }) =>
      finish(() =>
        reject(
          new PdfTaskError(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'too_large' : 'internal', String(err)),
        ),
      ),
    );
    worker.once('exit', (code) =>
      finish(() => reject(new PdfTaskError('internal', `worker exited (${code}) without an answer`))),
    );
  });
}

async function runTask(task: RenderTask | AnnotateTask, timeoutMs: number) {
  const reply = await withPdfSlot(() => runWorker(task, timeoutMs));
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

/** A copy with a buffer of its own (a Buffer may share a pooled one, which cannot be transferred). */
function own(data: Uint8Array): Uint8Array {
  return data.byteOffset === 0 && data.byteLength === data.buffer.byteLength && !(data instanceof Buffer)
    ? data
    : new Uint8Array(data);
}
