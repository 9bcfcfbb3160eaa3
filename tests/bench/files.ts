import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { FILE_MAX_BYTES } from '../../shared/contracts/files';
import { type BenchApp, freshDatabase, json, withApp } from './app';
import { assertFree, startProcess, waitForUrl } from './process';
import { type Budget, median } from './report';

const tsx = 'node_modules/.bin/tsx';
const BOUNDARY = 'bench-files-7d2c41b8';
/** Timed uploads and downloads per server (their median counts), after two warm-up rounds. */
const ROUNDS = Number(process.env.BENCH_FILES_RUNS ?? 5);
/** Uploads at once for the memory figure. */
const CONCURRENT = Number(process.env.BENCH_FILES_CONCURRENT ?? 4);

/**
 * A real PDF of exactly 10 MB (one page, and a file attachment of random bytes, so nothing compresses),
 * as the one file part of a multipart body. Real, so its preview job costs what a real deliverable's
 * does (page 1 rendered in about 0.2 s): `%PDF-` followed by 10 MB of noise kept a PDF thread busy for
 * several seconds per upload while pdf.js searched the noise for objects.
 */
async function multipartPdf(size: number): Promise<Uint8Array<ArrayBuffer>> {
  const noise = randomBytes(size);
  const build = async (payload: number) => {
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]).drawText('Deliverable', { x: 50, y: 780 });
    await doc.attach(noise.subarray(0, payload), 'data.bin', { mimeType: 'application/octet-stream' });
    return doc.save({ useObjectStreams: false });
  };
  let payload = size - 8192;
  let file = await build(payload);
  for (let i = 0; i < 4 && file.length !== size; i++) {
    payload += size - file.length;
    file = await build(payload);
  }
  if (file.length !== size) throw new Error(`bench: the PDF came out at ${file.length} B, not ${size}`);
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="deliverable.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const body = new Uint8Array(head.length + file.length + tail.length);
  body.set(head, 0);
  body.set(file, head.length);
  body.set(tail, head.length + file.length);
  return body;
}

const timed = async (run: () => Promise<void>) => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};

/** The processes of `pid`'s tree, `pid` first. */
function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    const p = tree[i] as number;
    try {
      for (const task of readdirSync(`/proc/${p}/task`)) {
        const kids = readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').trim();
        if (kids) tree.push(...kids.split(/\s+/).map(Number));
      }
    } catch {
      // ended meanwhile
    }
  }
  return tree;
}

const isPreviewProcess = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('preview-process');
  } catch {
    return false;
  }
};

/**
 * The process of `pid`'s tree holding the most memory, preview processes aside: the node process under
 * tsx that serves.
 */
function servingProcess(pid: number): number {
  const tree = processTree(pid).filter((p) => !isPreviewProcess(p));
  const rss = (p: number) => Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1]);
  return tree.reduce((a, b) => (rss(b) > rss(a) ? b : a));
}

/**
 * CPU time (ms) of the serving process itself, and of its preview processes: the live ones, and the
 * ended ones it has reaped (cutime + cstime).
 */
function cpuMs(serving: number): { server: number; previews: number } {
  const fields = (p: number) => {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      return stat
        .slice(stat.lastIndexOf(')') + 2)
        .split(' ')
        .map(Number);
    } catch {
      return [];
    }
  };
  const own = fields(serving);
  const live = processTree(serving)
    .slice(1)
    .reduce((n, p) => n + ((fields(p)[11] ?? 0) + (fields(p)[12] ?? 0)), 0);
  // utime, stime, cutime, cstime: fields 14-17 of the line, in clock ticks (100 a second).
  return {
    server: ((own[11] ?? 0) + (own[12] ?? 0)) * 10,
    previews: (live + (own[13] ?? 0) + (own[14] ?? 0)) * 10,
  };
}

const statusKb = (pid: number, field: string) =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

/** One server's figures: median upload and download times (ms) and the memory per concurrent upload (MB). */
interface AppFigures {
  upApp: number[];
  upBase: number[];
  downApp: number[];
  downBase: number[];
  memoryPerUploadMb: number;
  /** How long the previews of the timed rounds took to finish after them. */
  previewWaitMs: number;
  /** CPU time per timed upload: the serving process's, and its preview processes' (ms). */
  cpuPerUpload: { server: number; previews: number };
}

/**
 * Times `ROUNDS` uploads and downloads of the 10 MB PDF through the Files API of `app` against the baseline
 * (rounds alternating, after two warm-up rounds), then `CONCURRENT` uploads at once and the app process's
 * peak resident memory over its size before.
 */
async function measureApp(
  app: BenchApp,
  baselineUrl: string,
  body: Uint8Array<ArrayBuffer>,
): Promise<AppFigures> {
  const cookie = await app.signIn();
  const headers = { Cookie: cookie, Origin: app.base };
  const { items } = await json<{ items: { id: string }[] }>(
    await fetch(`${app.base}/api/projects?pageSize=1`, { headers }),
    'project list',
  );
  const projectId = items[0]?.id;
  if (!projectId) throw new Error('bench: the demo data has no project');
  const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
  let last: { id: string; latestVersion: { id: string } } | undefined;
  const uploaded: string[] = [];
  const uploadApp = async () => {
    const res = await fetch(`${app.base}/api/projects/${projectId}/files`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': contentType },
      body,
    });
    last = await json(res, 'file upload');
    uploaded.push((last as { id: string }).id);
  };
  /** Waits (at most a minute) until the preview jobs of the uploads so far have finished. */
  const previewsDone = async () => {
    const until = Date.now() + 60_000;
    for (const id of uploaded) {
      while (Date.now() < until) {
        const detail = await json<{ file: { latestVersion: { preview: { status: string } } } }>(
          await fetch(`${app.base}/api/files/${id}`, { headers }),
          'file',
        );
        if (detail.file.latestVersion.preview.status !== 'pending') break;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  };
  const uploadBaseline = async () => {
    const res = await fetch(`${baselineUrl}/api/bench/upload`, {
      method: 'PUT',
      headers: { 'Content-Type': contentType },
      body,
    });
    await res.arrayBuffer();
  };
  const downloadApp = async () => {
    if (!last) throw new Error('bench: nothing uploaded');
    const res = await fetch(`${app.base}/api/files/${last.id}/versions/${last.latestVersion.id}/download`, {
      headers,
    });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (!res.ok || bytes !== FILE_MAX_BYTES) throw new Error(`bench download: ${res.status}, ${bytes} B`);
  };
  const downloadBaseline = async () => {
    const res = await fetch(`${baselineUrl}/bench/file`);
    await res.arrayBuffer();
  };
  // The baseline streams back the multipart body it stored: the same 10 MB plus 200 B of framing.
  for (let i = 0; i < 2; i++) {
    await uploadApp();
    await uploadBaseline();
    await downloadApp();
    await downloadBaseline();
  }
  const serving = servingProcess(app.server.child.pid as number);
  const t = {
    upApp: [] as number[],
    upBase: [] as number[],
    downApp: [] as number[],
    downBase: [] as number[],
  };
  // The timed rounds start with no preview of the warm-up still being made.
  await previewsDone();
  const cpuBefore = cpuMs(serving);
  let serverCpu = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const before = cpuMs(serving).server;
    t.upApp.push(await timed(uploadApp));
    serverCpu += cpuMs(serving).server - before;
    t.upBase.push(await timed(uploadBaseline));
    t.downApp.push(await timed(downloadApp));
    t.downBase.push(await timed(downloadBaseline));
  }

  // The memory of the concurrent uploads, not of the timed rounds' previews still being made.
  const waited = performance.now();
  await previewsDone();
  const previewWaitMs = performance.now() - waited;
  const previewCpu = cpuMs(serving).previews - cpuBefore.previews;
  const pid = serving;
  await new Promise((r) => setTimeout(r, 500));
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const before = statusKb(pid, 'VmRSS');
  await Promise.all(Array.from({ length: CONCURRENT }, uploadApp));
  const added = (statusKb(pid, 'VmHWM') - before) * 1024;
  return {
    ...t,
    memoryPerUploadMb: added / CONCURRENT / 1024 / 1024,
    previewWaitMs,
    cpuPerUpload: { server: serverCpu / ROUNDS, previews: previewCpu / ROUNDS },
  };
}

const mbps = (ms: number) => FILE_MAX_BYTES / 1e6 / (ms / 1000);

/** The figures' line: throughputs of the app and the baseline, and their ratios. */
function describe(label: string, f: AppFigures) {
  const up = { app: mbps(median(f.upApp)), base: mbps(median(f.upBase)) };
  const down = { app: mbps(median(f.downApp)), base: mbps(median(f.downBase)) };
  console.log(
    `files (${label}): a 10 MB upload into a project / its download (median of ${ROUNDS}): app ${up.app.toFixed(0)} / ${down.app.toFixed(0)} MB/s, node:http to the same disk ${up.base.toFixed(0)} / ${down.base.toFixed(0)} MB/s (${(up.app / up.base).toFixed(2)}× / ${(down.app / down.base).toFixed(2)}×); ${CONCURRENT} uploads at once: peak resident memory +${f.memoryPerUploadMb.toFixed(1)} MB per upload (garbage and allocator slack included; measured after the earlier uploads' previews were done, ${(f.previewWaitMs / 1000).toFixed(1)} s after the timed rounds); CPU per upload: server ${f.cpuPerUpload.server.toFixed(0)} ms, its preview processes ${f.cpuPerUpload.previews.toFixed(0)} ms`,
  );
  return { up, down };
}

/**
 * Issue 20's budgets: a 10 MB upload into a project and its download through the Files API of the
 * production app (local store, PostgreSQL, the demo data seeded with SEED_DEMO), each against a minimal
 * node:http server streaming the same bytes to and from the same disk, rounds alternating; then
 * `CONCURRENT` uploads at once and the server's peak resident memory over its size before, per upload
 * (reported; it must stay far below the file's size). The same app on the embedded database is measured
 * after it and printed for information (`BENCH_FILES_EMBEDDED=0` skips it): PGlite runs its SQL on the
 * main thread, so its uploads are slower.
 */
export async function filesBench(report: (b: Budget) => void, adminUrl: string) {
  const baselineDir = mkdtempSync(join(tmpdir(), 'bench-files-baseline-'));
  const basePort = 4615;
  const baselineUrl = `http://127.0.0.1:${basePort}`;
  await assertFree(`${baselineUrl}/`);
  const baseline = startProcess(tsx, ['tests/bench/storage-baseline-server.ts'], {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: baselineDir,
    PORT: String(basePort),
  });
  const database = await freshDatabase(adminUrl, `bench_files_${randomBytes(4).toString('hex')}`);
  try {
    await waitForUrl(`${baselineUrl}/bench/health`, baseline.child);
    const body = await multipartPdf(FILE_MAX_BYTES);
    const pg = await withApp((app) => measureApp(app, baselineUrl, body), {
      env: { DATABASE_URL: database.url, SEED_DEMO: 'true' },
    });
    const { up, down } = describe('PostgreSQL', pg);
    report({
      name: 'files-upload-throughput-vs-node-http',
      measured: up.app / up.base,
      limit: 0.7,
      unit: '×',
      kind: 'min',
    });
    report({
      name: 'files-download-throughput-vs-node-http',
      measured: down.app / down.base,
      limit: 0.7,
      unit: '×',
      kind: 'min',
    });
    report({
      name: 'files-upload-peak-memory-per-concurrent-upload',
      measured: pg.memoryPerUploadMb,
      limit: FILE_MAX_BYTES / 1024 / 1024 / 2,
      unit: ' MB',
      kind: 'max',
      digits: 1,
    });
    if (process.env.BENCH_FILES_EMBEDDED !== '0')
      describe(
        'embedded database, for information',
        await withApp((app) => measureApp(app, baselineUrl, body)),
      );
  } finally {
    await baseline.stop();
    await database.drop();
    rmSync(baselineDir, { recursive: true, force: true });
  }
}
