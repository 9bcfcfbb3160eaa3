import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILE_MAX_BYTES } from '../../shared/contracts/files';
import { freePort, json, withApp } from './app';
import { type Started, startProcess, waitForUrl } from './process';
import { type Budget, median } from './report';

const tsx = 'node_modules/.bin/tsx';
const BOUNDARY = 'bench-files-7d1c9e';
const ROUNDS = Number(process.env.BENCH_FILES_RUNS ?? 5);
/** Uploads at once for the memory figure. */
const CONCURRENT = 4;

/** A 10 MB PDF (by its magic bytes) as one multipart file part, built once in the bench's memory. */
function multipartBody(): Uint8Array<ArrayBuffer> {
  const file = randomBytes(FILE_MAX_BYTES);
  file.write('%PDF-1.7\n', 0, 'latin1');
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="brief.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return new Uint8Array(Buffer.concat([head, file, tail]));
}

/** Resident memory of a process and its descendants (tsx runs the service as a child), from /proc, bytes. */
function treeRss(pid: number): number {
  const kb = (p: number) => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      return m ? Number(m[1]) * 1024 : 0;
    } catch {
      return 0;
    }
  };
  const children = (p: number): number[] => {
    try {
      return readFileSync(`/proc/${p}/task/${p}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  };
  const walk = (p: number): number => kb(p) + children(p).reduce((n, c) => n + walk(c), 0);
  return walk(pid);
}

async function timed(fn: () => Promise<Response>, what: string): Promise<number> {
  const started = performance.now();
  const res = await fn();
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`bench ${what}: ${res.status}`);
  return performance.now() - started;
}

/**
 * Issue 20's budgets: a 10 MB upload through `POST /api/projects/{id}/files` (multipart, type detection,
 * SHA-256, the rows and the activity row) and its download through the version's download route, each
 * against a minimal node:http server streaming the same bytes to and from the same disk (rounds alternate,
 * after a warm-up; median of `BENCH_FILES_RUNS`). Budget: at least 0.7× the baseline's throughput. Also
 * printed: the resident memory the app added while `CONCURRENT` uploads ran at once, per upload (the
 * kernel's RSS of the app's process tree, sampled every 20 ms; the storage bench measures the heap).
 */
export async function filesBench(report: (b: Budget) => void) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-files-'));
  const baselinePort = await freePort();
  const baselineBase = `http://127.0.0.1:${baselinePort}`;
  let baseline: Started | undefined;
  try {
    baseline = startProcess(tsx, ['tests/bench/files-baseline-server.ts'], {
      ...process.env,
      PORT: String(baselinePort),
      DATA_DIR: dataDir,
    });
    await waitForUrl(`${baselineBase}/bench/health`, baseline.child);
    await withApp(async ({ base, signIn, server }) => {
      const cookie = await signIn();
      const headers = { Cookie: cookie, Origin: base };
      const { items } = await json<{ items: { id: string }[] }>(
        await fetch(`${base}/api/projects`, { headers }),
        'project list',
      );
      const projectId = items[0]?.id;
      if (!projectId) throw new Error('bench: the demo data has no project');
      const body = multipartBody();
      const multipart = { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` };
      let download = '';
      const appUpload = () =>
        fetch(`${base}/api/projects/${projectId}/files`, {
          method: 'POST',
          headers: { ...headers, ...multipart },
          body,
        }).then(async (res) => {
          const file = (await res.clone().json()) as { id: string; latestVersion: { id: string } };
          download = `${base}/api/files/${file.id}/versions/${file.latestVersion.id}/download`;
          return res;
        });
      const baseUpload = () => fetch(`${baselineBase}/upload`, { method: 'POST', headers: multipart, body });
      const appDownload = () => fetch(download, { headers });
      const baseDownload = () => fetch(`${baselineBase}/download`);

      for (let i = 0; i < 2; i++) {
        await timed(appUpload, 'app upload');
        await timed(baseUpload, 'baseline upload');
        await timed(appDownload, 'app download');
        await timed(baseDownload, 'baseline download');
      }
      const t = {
        appUp: [] as number[],
        baseUp: [] as number[],
        appDown: [] as number[],
        baseDown: [] as number[],
      };
      for (let i = 0; i < ROUNDS; i++) {
        t.appUp.push(await timed(appUpload, 'app upload'));
        t.baseUp.push(await timed(baseUpload, 'baseline upload'));
        t.appDown.push(await timed(appDownload, 'app download'));
        t.baseDown.push(await timed(baseDownload, 'baseline download'));
      }
      const mbps = (ms: number) => FILE_MAX_BYTES / 1e6 / (ms / 1000);
      const up = { app: mbps(median(t.appUp)), base: mbps(median(t.baseUp)) };
      const down = { app: mbps(median(t.appDown)), base: mbps(median(t.baseDown)) };

      const pid = server.child.pid ?? 0;
      const before = treeRss(pid);
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, treeRss(pid));
      }, 20);
      await Promise.all(Array.from({ length: CONCURRENT }, () => timed(appUpload, 'concurrent upload')));
      clearInterval(sampler);
      const perUpload = Math.max(0, peak - before) / CONCURRENT;

      const fmt = (x: number) => x.toFixed(0);
      console.log(
        `files: a 10 MB file through the app's routes vs node:http on the same disk (median of ${ROUNDS}): upload ${fmt(up.app)} vs ${fmt(up.base)} MB/s, download ${fmt(down.app)} vs ${fmt(down.base)} MB/s; ${CONCURRENT} uploads at once added ${(perUpload / 1024 / 1024).toFixed(1)} MB of resident memory per upload (peak RSS of the app's processes)`,
      );
      report({
        name: 'files-upload-throughput-vs-node-http',
        measured: up.app / up.base,
        limit: 0.7,
        kind: 'min',
        unit: '×',
      });
      report({
        name: 'files-download-throughput-vs-node-http',
        measured: down.app / down.base,
        limit: 0.7,
        kind: 'min',
        unit: '×',
      });
      report({
        name: 'files-upload-added-rss-per-concurrent-upload',
        measured: perUpload / 1024 / 1024,
        limit: (0.5 * FILE_MAX_BYTES) / 1024 / 1024,
        unit: ' MB',
        kind: 'max',
        digits: 1,
      });
    });
  } finally {
    await baseline?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
