import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { PreviewTask, ProcessMessage, TaskFailure } from './preview-process';

/*
 * One preview process (`preview-process.ts`) as the server sees it: spawned with a small environment and
 * V8 flags that leave its address-space limit room to work, fed one task at a time as frames on its
 * stdin, its replies read from stdout (a reply larger than allowed kills it before it is read), its CPU
 * time and memory read from /proc, and, when it dies, why (its memory or CPU time ran out, or it crashed
 * on the file). The pool and the limits per task are `preview-runner.ts`.
 */

/** Failures of the file itself: recorded on the version, never retried. */
export type PreviewFailure = TaskFailure | 'too_slow';
export const PREVIEW_FAILURES = ['unreadable', 'too_large', 'too_many_pages', 'too_slow'] as const;

/**
 * Why a preview task gave no result: one of `PREVIEW_FAILURES` (the file's), or `busy` (too many waiting,
 * try later) or `unavailable` (no child could run it in time).
 */
export class PreviewTaskError extends Error {
  constructor(
    readonly reason: PreviewFailure | 'busy' | 'unavailable',
    message: string,
  ) {
    super(`preview ${reason}: ${message}`);
  }
  /** The file's own failure (retrying runs into the same limit). */
  get permanent(): boolean {
    return (PREVIEW_FAILURES as readonly string[]).includes(this.reason);
  }
}

/** The largest reply a task may write (WebP pages are far smaller; an annotated PDF is the file and notes). */
export const PREVIEW_OUTPUT_MAX_BYTES = 32 * 1024 * 1024;

const CHILD_URL = new URL('./preview-process.ts', import.meta.url);

/** The environment a child gets: no secrets of the server, only what Node and prlimit need. */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PREVIEW_PROCESS: '1',
    // Address space reserved up front is address space the limit cannot give to the task, and memory a
    // library reserved before the limit is memory the limit does not count: two glibc arenas (not eight
    // per core, 64 MiB each), and mimalloc (in @napi-rs/canvas, pdf.js's canvas) reserving 64 MiB at a time
    // rather than 1 GiB at load.
    MALLOC_ARENA_MAX: '2',
    MIMALLOC_ARENA_RESERVE: '64MiB',
    UV_THREADPOOL_SIZE: '2',
  };
  for (const name of ['PATH', 'TMPDIR', 'HOME', 'LANG', 'PREVIEW_MEMORY_MB'])
    if (process.env[name]) env[name] = process.env[name];
  return env;
}

export interface Ready {
  limits: { addressSpaceBytes: number; cpuSeconds: number } | null;
  limitError?: string;
}

export interface Reply {
  message: ProcessMessage;
  blobs: Buffer[];
}

type Proc = ChildProcessByStdio<Writable, Readable, Readable>;

/** One child process and what it is doing. */
export class Child {
  readonly proc: Proc;
  readonly ready: Promise<Ready>;
  tasks = 0;
  dead = false;
  /** Why the parent killed it, if it did. */
  killedFor?: PreviewTaskError;
  idleTimer?: NodeJS.Timeout;
  /** The largest reply the running task may write. */
  outputMax = PREVIEW_OUTPUT_MAX_BYTES;
  private stderr = '';
  private frame: Buffer | null = null;
  private prefix = Buffer.alloc(0);
  private filled = 0;
  private waiter?: { resolve(reply: Reply): void; reject(err: Error): void };
  private exited: Promise<void>;
  private started = false;

  constructor() {
    this.proc = spawn(
      process.execPath,
      [
        // WebAssembly (pdf.js's JPX, JBIG2 and colour decoders) without 8 GiB guard regions, and each
        // memory at most 128 MiB: reservations the address-space limit has room for.
        '--disable-wasm-trap-handler',
        '--wasm-max-mem-pages=2048',
        '--max-semi-space-size=16',
        '--max-old-space-size=256',
        fileURLToPath(CHILD_URL),
      ],
      { env: childEnv(), stdio: ['pipe', 'pipe', 'pipe'] },
    );
    this.exited = new Promise((resolve) => this.proc.once('close', () => resolve()));
    this.proc.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4096);
    });
    this.proc.stdout.on('data', (chunk: Buffer) => this.read(chunk));
    this.proc.stdin.on('error', () => {});
    this.proc.on('error', (err) => this.fail(new PreviewTaskError('unavailable', String(err))));
    this.proc.on('exit', (code, signal) => {
      this.dead = true;
      const startFailed = new PreviewTaskError(
        'unavailable',
        `the preview process did not start: ${this.stderr}`,
      );
      this.fail(this.killedFor ?? (this.started ? this.death(code, signal) : startFailed));
    });
    this.ready = new Promise<Reply>((resolve, reject) => {
      this.waiter = { resolve, reject };
    }).then(({ message }) => {
      this.started = true;
      if (message.type !== 'ready') throw new PreviewTaskError('unavailable', 'no ready message');
      return { limits: message.limits, ...(message.limitError ? { limitError: message.limitError } : {}) };
    });
    // A child that never gets a task must not fail the process with an unhandled rejection.
    this.ready.catch(() => {});
  }

  get pid(): number {
    return this.proc.pid ?? 0;
  }

  /**
   * Why a child that died on its own did: its memory ran out (an allocation failed at its limit, or the
   * kernel's OOM killer sent SIGKILL), its CPU time ran out, or it crashed on the file.
   */
  private death(code: number | null, signal: NodeJS.Signals | null): PreviewTaskError {
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    const lines = this.stderr.trim().split('\n');
    const said = lines.find((l) => /fatal|error|memory|alloc/i.test(l)) ?? lines.at(-1) ?? '';
    if (signal === 'SIGXCPU') return new PreviewTaskError('too_slow', `${how}: its CPU time ran out`);
    const memory = signal === 'SIGKILL' || /memory|alloc/i.test(this.stderr);
    return new PreviewTaskError(
      memory ? 'too_large' : 'unreadable',
      `the preview process ended (${how}): ${said.trim().slice(0, 300)}`,
    );
  }

  private fail(err: PreviewTaskError) {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.reject(err);
  }

  /** Frames out of the child: each read into one buffer of its length, once the length is allowed. */
  private read(chunk: Buffer) {
    let at = 0;
    while (at < chunk.length) {
      if (!this.frame) {
        const need = 4 - this.prefix.length;
        this.prefix = Buffer.concat([this.prefix, chunk.subarray(at, at + need)]);
        at += Math.min(need, chunk.length - at);
        if (this.prefix.length < 4) return;
        const length = this.prefix.readUInt32BE(0);
        this.prefix = Buffer.alloc(0);
        if (length > this.outputMax) {
          this.kill(new PreviewTaskError('too_large', `a reply of ${length} bytes`));
          return;
        }
        this.frame = Buffer.allocUnsafe(length);
        this.filled = 0;
      }
      const take = Math.min(this.frame.length - this.filled, chunk.length - at);
      chunk.copy(this.frame, this.filled, at, at + take);
      this.filled += take;
      at += take;
      if (this.filled === this.frame.length) {
        const frame = this.frame;
        this.frame = null;
        this.deliver(frame);
      }
    }
  }

  private deliver(frame: Buffer) {
    const headerLength = frame.readUInt32BE(0);
    const { blobs: lengths, ...message } = JSON.parse(
      frame.subarray(4, 4 + headerLength).toString(),
    ) as ProcessMessage & { blobs: number[] };
    const blobs: Buffer[] = [];
    let offset = 4 + headerLength;
    for (const length of lengths) {
      blobs.push(frame.subarray(offset, offset + length));
      offset += length;
    }
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.resolve({ message: message as ProcessMessage, blobs });
  }

  /** Ends the child at once; a task it runs fails with `why`. */
  kill(why: PreviewTaskError) {
    this.killedFor ??= why;
    this.dead = true;
    clearTimeout(this.idleTimer);
    this.proc.kill('SIGKILL');
  }

  /** Resolves once the child is gone. */
  gone() {
    return this.exited;
  }

  /** CPU time the child has used, ms (Linux: /proc; elsewhere null). */
  cpuMs(): number | null {
    try {
      const stat = readFileSync(`/proc/${this.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime, fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return null;
    }
  }

  /** Resident memory of the child, bytes (Linux), else 0. */
  rss(): number {
    try {
      const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${this.pid}/status`, 'utf8'))?.[1];
      return Number(kb ?? 0) * 1024;
    } catch {
      return 0;
    }
  }

  /** Sends a task with its file and waits for the reply. */
  async send(task: PreviewTask, input: TaskInput): Promise<Reply> {
    const reply = new Promise<Reply>((resolve, reject) => {
      if (this.dead) reject(this.killedFor ?? new PreviewTaskError('unavailable', 'the process has ended'));
      else this.waiter = { resolve, reject };
    });
    const size = 'path' in input ? 0 : input.size;
    const header = Buffer.from(
      JSON.stringify({
        task,
        blobs: 'path' in input ? [] : [size],
        ...('path' in input ? { path: input.path } : {}),
      }),
    );
    const prefix = Buffer.alloc(8);
    prefix.writeUInt32BE(4 + header.length + size, 0);
    prefix.writeUInt32BE(header.length, 4);
    const { stdin } = this.proc;
    const write = async (chunk: Uint8Array) => {
      if (!this.dead && !stdin.write(chunk))
        await new Promise<void>((resolve) => {
          const done = () => {
            stdin.off('drain', done);
            this.proc.off('exit', done);
            resolve();
          };
          stdin.on('drain', done);
          this.proc.on('exit', done);
        });
    };
    const writing = (async () => {
      await write(Buffer.concat([prefix, header]));
      if ('path' in input) return;
      let sent = 0;
      for await (const chunk of input.body as AsyncIterable<Uint8Array>) {
        if (this.dead) break;
        sent += chunk.length;
        if (sent > size) throw new Error('the stored file grew while it was read');
        await write(chunk);
      }
      if (!this.dead && sent !== size) throw new Error('the stored file shrank while it was read');
    })();
    writing.catch((err: unknown) => this.kill(new PreviewTaskError('unavailable', String(err))));
    try {
      return await reply;
    } finally {
      if (this.dead && 'body' in input && 'destroy' in input.body) (input.body as Readable).destroy();
    }
  }
}

/**
 * A task's file: its size and its bytes, streamed (from the store) or at hand; or its path on this
 * machine, which the process reads itself (the server never touches the bytes).
 */
export type TaskInput =
  | { size: number; body: AsyncIterable<Uint8Array> | Iterable<Uint8Array> | Readable }
  | { path: string };
