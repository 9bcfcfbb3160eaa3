import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILE_MAX_BYTES } from '../../api/storage/multipart-upload';
import { assertFree, type Started, startProcess, waitForUrl } from './process';
import { type Budget, median } from './report';

const tsx = 'node_modules/.bin/tsx';
const BOUNDARY = 'bench-boundary-5c1f0a9e';
/** Timed uploads per server (their median counts); the memory rounds come after, probed. */
const ROUNDS = Number(process.env.BENCH_STORAGE_RUNS ?? 5);
const MEMORY_ROUNDS = 3;

export interface StorageSide {
  label: string;
  /** Highest memory held during an upload over what was held before (memory-probe.ts), bytes. */
  held: number;
  /** Highest peak resident size over the size before, bytes (null where the kernel cannot tell). */
  rss: number | null;
  /** Median upload time, ms, and the throughput it means, MB/s. */
  ms: number;
  mbps: number;
}

/**
 * CPU time (ms) a process and its descendants have used so far (Linux: /proc; elsewhere 0): a figure the
 * machine's load does not change, beside the timings it does.
 */
export function treeCpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  let total = 0;
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try {
      const stat = readFileSync(`/proc/${pids[i]}/stat`, 'utf8');
      const fields = stat
        .slice(stat.lastIndexOf(')') + 2)
        .split(' ')
        .map(Number);
      // utime, stime, cutime, cstime (fields 14-17), in clock ticks of 10 ms.
      total += ((fields[11] ?? 0) + (fields[12] ?? 0) + (fields[13] ?? 0) + (fields[14] ?? 0)) * 10;
      for (const task of readdirSync(`/proc/${pids[i]}/task`)) {
        const kids = readFileSync(`/proc/${pids[i]}/task/${task}/children`, 'utf8').trim();
        if (kids) pids.push(...kids.split(/\s+/).map(Number));
      }
    } catch {
      // ended, or not Linux
    }
  }
  return total;
}

/** One 10 MB file part in a multipart body, built once in the bench's own memory (never the server's). */
function multipartBody(size: number): Uint8Array<ArrayBuffer> {
  const parts = [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="brief.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    randomBytes(size),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ];
  const body = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    body.set(p, at);
    at += p.length;
  }
  return body;
}

async function upload(base: string, body: Uint8Array<ArrayBuffer>): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/api/bench/upload`, {
    method: 'PUT',
    headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
    body,
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`bench upload to ${base}: ${res.status}`);
  return performance.now() - started;
}

/** What the server held during one upload (see memory-probe.ts), in bytes. */
async function measuredUpload(base: string, body: Uint8Array<ArrayBuffer>) {
  await fetch(`${base}/bench/memory/start`, { method: 'POST' });
  await upload(base, body);
  return (await (await fetch(`${base}/bench/memory/stop`, { method: 'POST' })).json()) as {
    held: number;
    rss: number | null;
  };
}

/**
 * A 10 MB upload through HTTP into each file store driver (the local folder, and S3 against s3rver in a
 * process of its own) and into a minimal node:http server writing the same bytes to the same disk: the
 * memory each server holds during an upload (budget: half the file), and throughput against the baseline
 * (rounds alternate between the servers, after two warm-up uploads each; memory rounds come last, since
 * their probe slows the server).
 */
export async function storageBench(
  report: (b: Budget) => void,
  ports = { local: 4611, s3: 4612, baseline: 4613, s3rver: 4614 },
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-storage-'));
  const s3Dir = mkdtempSync(join(tmpdir(), 'bench-s3rver-'));
  const children: Started[] = [];
  const base = (port: number) => `http://127.0.0.1:${port}`;
  try {
    await Promise.all(Object.values(ports).map((port) => assertFree(`${base(port)}/`)));
    const env = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir };
    const s3rver = startProcess(
      'node_modules/.bin/s3rver',
      ['-d', s3Dir, '-a', '127.0.0.1', '-p', String(ports.s3rver), '--silent', '--configure-bucket', 'bench'],
      env,
    );
    children.push(s3rver);
    await waitForUrl(`${base(ports.s3rver)}/`, s3rver.child);
    const servers = {
      local: startProcess(tsx, ['tests/bench/storage-upload-server.ts'], {
        ...env,
        PORT: String(ports.local),
        STORAGE_DRIVER: 'local',
      }),
      s3: startProcess(tsx, ['tests/bench/storage-upload-server.ts'], {
        ...env,
        PORT: String(ports.s3),
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'bench',
        S3_ENDPOINT: base(ports.s3rver),
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      }),
      baseline: startProcess(tsx, ['tests/bench/storage-baseline-server.ts'], {
        ...env,
        PORT: String(ports.baseline),
      }),
    };
    children.push(...Object.values(servers));
    for (const [name, server] of Object.entries(servers)) {
      await waitForUrl(`${base(ports[name as keyof typeof servers])}/bench/health`, server.child);
    }

    const body = multipartBody(FILE_MAX_BYTES);
    const names = ['local', 's3', 'baseline'] as const;
    for (const name of names) for (let i = 0; i < 2; i++) await upload(base(ports[name]), body);
    const times = Object.fromEntries(names.map((n) => [n, [] as number[]]));
    const cpu = Object.fromEntries(names.map((n) => [n, 0]));
    let s3rverCpu = 0;
    const memory = Object.fromEntries(names.map((n) => [n, [] as { held: number; rss: number | null }[]]));
    for (let i = 0; i < ROUNDS; i++)
      for (const name of names) {
        const before = treeCpuMs(servers[name].child.pid);
        const storeBefore = treeCpuMs(s3rver.child.pid);
        times[name]?.push(await upload(base(ports[name]), body));
        cpu[name] = (cpu[name] ?? 0) + treeCpuMs(servers[name].child.pid) - before;
        if (name === 's3') s3rverCpu += treeCpuMs(s3rver.child.pid) - storeBefore;
      }
    for (let i = 0; i < MEMORY_ROUNDS; i++)
      for (const name of names) memory[name]?.push(await measuredUpload(base(ports[name]), body));

    const sides = Object.fromEntries(
      names.map((name) => {
        const ms = median(times[name] ?? []);
        const m = memory[name] ?? [];
        const rss = m.map((x) => x.rss).filter((x) => x !== null);
        return [
          name,
          {
            label: name,
            held: Math.max(...m.map((x) => x.held)),
            rss: rss.length ? Math.max(...rss) : null,
            ms,
            mbps: FILE_MAX_BYTES / 1e6 / (ms / 1000),
          } satisfies StorageSide,
        ];
      }),
    ) as Record<(typeof names)[number], StorageSide>;
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    console.log(
      `storage: a 10 MB upload through HTTP (time: median of ${ROUNDS}; memory: highest of ${MEMORY_ROUNDS}, held = heap + external sampled after forced collections, peak RSS by the kernel for comparison)`,
    );
    for (const s of Object.values(sides)) {
      console.log(
        `  ${s.label}: ${s.ms.toFixed(0)} ms, ${s.mbps.toFixed(0)} MB/s, held ${mb(s.held)}, peak RSS added ${s.rss === null ? 'n/a' : mb(s.rss)}`,
      );
    }
    const perUpload = (ms: number) => `${(ms / ROUNDS).toFixed(0)} ms`;
    console.log(
      `storage CPU per upload (load-independent): local ${perUpload(cpu.local ?? 0)}, s3 ${perUpload(cpu.s3 ?? 0)} (+ s3rver ${perUpload(s3rverCpu)}), baseline ${perUpload(cpu.baseline ?? 0)}`,
    );
    for (const name of ['local', 's3'] as const) {
      console.log(
        `storage ${name} upload throughput vs node:http streaming to the same disk: ${(sides[name].mbps / sides.baseline.mbps).toFixed(2)}×`,
      );
      report({
        name: `storage-${name}-upload-held-memory`,
        measured: sides[name].held / 1024 / 1024,
        limit: (0.5 * FILE_MAX_BYTES) / 1024 / 1024,
        unit: ' MB',
        kind: 'max',
        digits: 1,
      });
    }
  } finally {
    for (const child of children.reverse()) await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(s3Dir, { recursive: true, force: true });
  }
}
