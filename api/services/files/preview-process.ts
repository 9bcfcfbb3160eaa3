import { spawnSync } from 'node:child_process';
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import module from 'node:module';
import { setPriority } from 'node:os';

/*
 * The preview process: everything made from a version's untrusted bytes (PDF pages by pdf.js, images by
 * sharp, "download with feedback" by pdf-lib) runs here, in a child process of the server
 * (`preview-runner.ts`), never in the server's own memory. Once its libraries are loaded (trusted code,
 * before any task arrives) it lowers its own hard limits with `prlimit --pid` (util-linux): its address
 * space to what it uses then plus `PREVIEW_MEMORY_MB`, which holds for every allocation (pdf.js's inflated
 * streams, canvases, sharp's pixels, the V8 heap), and its lifetime CPU time; it also lowers the priority
 * of all its threads, so previews yield the CPU to the server's requests. Past a limit an allocation
 * fails (the task reports `too_large`) or the process dies; either way the server loses nothing.
 *
 * One task at a time, framed on stdin/stdout: [u32 frame length][u32 header length][header JSON][blobs],
 * the header listing its blobs' lengths. The server writes a task with the file as its one blob; the
 * process answers with the results (WebP images, a PDF) as blobs. It writes nothing else to stdout.
 *
 * Node runs this file directly (it strips the types): it imports packages only, and nothing but types
 * from our own files; the work itself is `preview-work.ts`, loaded by its URL once the compile cache is on.
 */

/** The memory this process may use beyond what it holds once its libraries are loaded, in MiB. */
const PREVIEW_MEMORY_MB = Number(process.env.PREVIEW_MEMORY_MB ?? 256);
/** CPU seconds this process may use in its life (the server retires it well before, see the runner). */
const PROCESS_CPU_SECONDS = 600;
/** A task frame larger than this (a file is at most 10 MB) is not our server's: the process exits. */
const MAX_TASK_BYTES = 64 * 1024 * 1024;
/** The nice value of every thread of this process (0 is the server's, 19 the lowest). */
const NICENESS = 10;

/** Render these pages (those that exist) as WebP with their long side `longSide` px; `thumbnail` also makes one of the first. */
export interface PdfTask {
  op: 'pdf';
  pages: number[];
  longSide: number;
  /** Also a thumbnail of the first rendered page, this wide (a very tall page: twice this high at most). */
  thumbnailWidth?: number;
  /** A PDF with more pages is refused (`too_many_pages`) before any page is read. */
  maxPages: number;
  /** Images inside the PDF larger than this are skipped rather than decoded. */
  maxImagePixels: number;
}

/** An image's preview: upright, its page image and thumbnail as WebP, its upright size. */
export interface ImageTask {
  op: 'image';
  longSide: number;
  thumbnailWidth: number;
  maxPixels: number;
}

/** A sticky note: at (x, y), fractions of the displayed page from its top left. */
export interface PdfNote {
  page: number;
  x: number;
  y: number;
  contents: string;
  author: string;
  /** ISO 8601. */
  date: string;
  /** RGB, 0–1. */
  color: [number, number, number];
}

/** Add `notes` as /Text annotations to the PDF, or to a new one-page PDF showing the image upright. */
export interface AnnotateTask {
  op: 'annotate';
  source: 'pdf' | 'image';
  notes: PdfNote[];
  title: string;
  maxPixels: number;
}

export type PreviewTask = PdfTask | ImageTask | AnnotateTask;

/** A WebP image made by a task: its blob's index in the reply, and its size in pixels. */
export interface MadeImage {
  blob: number;
  width: number;
  height: number;
}

export interface PdfResult {
  pageCount: number;
  /** Page 1 as displayed (rotation applied), in points. */
  firstPage: { width: number; height: number };
  /** The requested pages that exist. */
  pages: (MadeImage & { page: number })[];
  thumbnail?: MadeImage;
}

export interface ImageResult {
  /** Upright size of the image. */
  width: number;
  height: number;
  page: MadeImage;
  thumbnail: MadeImage;
}

/** The annotated PDF is blob 0. */
export interface AnnotateResult {
  pdf: number;
}

/**
 * Why a task gave no result. `unreadable`: the bytes are no image or PDF this process can read (or an
 * encrypted PDF); `too_large`: decoding them needs more memory or pixels than allowed; `too_many_pages`.
 */
export type TaskFailure = 'unreadable' | 'too_large' | 'too_many_pages';

/** What the process writes: once `ready` (with the limits it set), then one reply per task. */
export type ProcessMessage =
  | { type: 'ready'; limits: { addressSpaceBytes: number; cpuSeconds: number } | null; limitError?: string }
  | { type: 'result'; result: PdfResult | ImageResult | AnnotateResult }
  | { type: 'failed'; reason: TaskFailure; message: string }
  /** The file could not be read (it went away, or the disk failed): not the file's fault. */
  | { type: 'unavailable'; message: string };

/** A stored file the server named by its path (the local store), read whole into one buffer. */
function readStored(path: string): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const { size } = fstatSync(fd);
    if (size > MAX_TASK_BYTES) throw new Error(`${size} bytes is more than a stored file can be`);
    const data = Buffer.allocUnsafeSlow(size);
    let filled = 0;
    while (filled < size) {
      const read = readSync(fd, data, filled, size - filled, filled);
      if (read === 0) throw new Error('the stored file shrank while it was read');
      filled += read;
    }
    // A plain view: pdf.js refuses a Buffer.
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  } finally {
    closeSync(fd);
  }
}

/** Writes one frame: the message as its header, then its blobs. */
function send(message: ProcessMessage, blobs: Uint8Array[] = []) {
  const header = Buffer.from(JSON.stringify({ ...message, blobs: blobs.map((b) => b.byteLength) }));
  const prefix = Buffer.alloc(8);
  prefix.writeUInt32BE(4 + header.length + blobs.reduce((n, b) => n + b.byteLength, 0), 0);
  prefix.writeUInt32BE(header.length, 4);
  process.stdout.write(prefix);
  process.stdout.write(header);
  for (const blob of blobs) process.stdout.write(blob);
}

/** A tiny valid PDF, rendered once before the limits are set, so every library and thread is in place. */
const WARM_UP_PDF = (() => {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 20 20] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 35 >>\nstream\nBT /F1 8 Tf 2 8 Td (Ab) Tj ET 0 0 5 5 re f\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.7\n';
  const offsets = objects.map((o, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) body += `${String(at).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
})();

/** `VmSize` of this process, in bytes (Linux), else null. */
function addressSpace(): number | null {
  try {
    const kb = /^VmSize:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** Every thread of this process at `NICENESS` (Linux gives each thread its own nice value). */
function lowerPriority() {
  let tids: number[] = [process.pid];
  try {
    tids = readdirSync('/proc/self/task').map(Number);
  } catch {
    // not Linux: the main thread only
  }
  for (const tid of tids) {
    try {
      setPriority(tid, NICENESS);
    } catch {
      // not permitted: the server's priority
    }
  }
}

/**
 * Lowers this process's hard limits: address space to its size now plus `PREVIEW_MEMORY_MB`, CPU time to
 * `PROCESS_CPU_SECONDS` more than used, no core files. Null when it cannot (no /proc or no prlimit: the
 * runner logs that previews run without a memory limit).
 */
function setLimits(): { limits: { addressSpaceBytes: number; cpuSeconds: number } | null; error?: string } {
  const size = addressSpace();
  if (size === null) return { limits: null, error: 'no /proc/self/status' };
  const addressSpaceBytes = size + PREVIEW_MEMORY_MB * 1024 * 1024;
  const used = process.cpuUsage();
  const cpuSeconds = Math.ceil((used.user + used.system) / 1e6) + PROCESS_CPU_SECONDS;
  const args = [
    '--pid',
    String(process.pid),
    `--as=${addressSpaceBytes}:${addressSpaceBytes}`,
    `--cpu=${cpuSeconds}:${cpuSeconds}`,
    '--core=0:0',
  ];
  for (const bin of ['prlimit', '/usr/bin/prlimit']) {
    const out = spawnSync(bin, args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: 10_000 });
    if (out.status === 0) return { limits: { addressSpaceBytes, cpuSeconds } };
    if (!out.error) return { limits: null, error: String(out.stderr).trim() };
  }
  return { limits: null, error: 'prlimit not found' };
}

async function start() {
  // Compiled code is cached on disk (the OS temp folder), so a new process loads pdf.js in a fraction.
  module.enableCompileCache?.();
  const work: typeof import('./preview-work') = await import(
    new URL('./preview-work.ts', import.meta.url).href
  );
  const { run } = work;
  await run(
    { op: 'pdf', pages: [1], longSide: 32, thumbnailWidth: 16, maxPages: 1, maxImagePixels: 1 },
    WARM_UP_PDF,
  );
  await import('pdf-lib');
  module.flushCompileCache?.();
  lowerPriority();
  const { limits, error } = setLimits();
  send({ type: 'ready', limits, ...(error ? { limitError: error } : {}) });

  // Frames in: the length, then the frame read into one buffer of that length (the file is its blob).
  let prefix = Buffer.alloc(0);
  let frame: Buffer | null = null;
  let filled = 0;
  const tasks: Buffer[] = [];
  let busy = false;
  const next = async () => {
    const current = busy ? undefined : tasks.shift();
    if (!current) return;
    busy = true;
    const headerLength = current.readUInt32BE(0);
    const { task, blobs, path } = JSON.parse(current.subarray(4, 4 + headerLength).toString()) as {
      task: PreviewTask;
      blobs: number[];
      path?: string;
    };
    let data: Uint8Array;
    try {
      data = path
        ? readStored(path)
        : new Uint8Array(current.buffer, current.byteOffset + 4 + headerLength, blobs[0] ?? 0);
    } catch (err) {
      send({ type: 'unavailable', message: err instanceof Error ? err.message : String(err) });
      busy = false;
      void next();
      return;
    }
    const [reply, out] = await run(task, data);
    send(reply, out);
    busy = false;
    void next();
  };
  process.stdin.on('data', (chunk: Buffer) => {
    let at = 0;
    while (at < chunk.length) {
      if (!frame) {
        const need = 4 - prefix.length;
        prefix = Buffer.concat([prefix, chunk.subarray(at, at + need)]);
        at += Math.min(need, chunk.length - at);
        if (prefix.length < 4) return;
        const length = prefix.readUInt32BE(0);
        // The server never sends more than a file and its task; anything else is not our server.
        if (length > MAX_TASK_BYTES) process.exit(2);
        frame = Buffer.allocUnsafeSlow(length);
        filled = 0;
        prefix = Buffer.alloc(0);
      }
      const take = Math.min(frame.length - filled, chunk.length - at);
      chunk.copy(frame, filled, at, at + take);
      filled += take;
      at += take;
      if (filled === frame.length) {
        tasks.push(frame);
        frame = null;
        void next();
      }
    }
  });
  // The server went away: nothing left to do.
  process.stdin.on('end', () => process.exit(0));
}

if (process.env.PREVIEW_PROCESS === '1') void start();
