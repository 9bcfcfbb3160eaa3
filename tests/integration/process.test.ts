import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const tsx = join(process.cwd(), 'node_modules/.bin/tsx');
const dirs: string[] = [];

function startService(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'proc-'));
  dirs.push(dataDir);
  const child = spawn(tsx, ['api/main.ts'], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, DIST_DIR: join(dataDir, 'no-dist'), ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    err += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => out, errors: () => err };
}

async function waitUntilListening(child: ChildProcessWithoutNullStreams, output: () => string) {
  for (let i = 0; i < 1600 && !/"listening on/.test(output()); i++) {
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const match = output().match(/"port":(\d+)/);
  if (!match) throw new Error(`service did not start:\n${output()}`);
  return Number(match[1]);
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the service process', () => {
  it('stops at start-up with one line naming a bad variable', async () => {
    const svc = startService({ PORT: 'not-a-port' });
    expect(await svc.exited).toBe(1);
    const lines = svc.errors().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid environment variable PORT/);
  });

  it('creates the embedded database with a demo account on first start and shuts down cleanly on SIGTERM', async () => {
    const svc = startService({ PORT: '0', LOG_LEVEL: 'info' });
    const port = await waitUntilListening(svc.child, svc.output);
    expect(svc.output()).toMatch(/password: \S{12,}/);
    // The job worker runs beside the HTTP server, on the embedded database too.
    expect(svc.output()).toContain('"msg":"job worker started"');
    const inFlight = Array.from({ length: 10 }, () =>
      fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status),
    );
    expect(await Promise.all(inFlight)).toEqual(Array(10).fill(200));
    svc.child.kill('SIGTERM');
    expect(await svc.exited).toBe(0);
    expect(svc.output()).toContain('"msg":"job worker stopped"');
    expect(svc.output()).toContain('"msg":"stopped"');
    // A first start migrates and seeds a new embedded database: seconds on a quiet machine, far more on a
    // loaded 2-core one, so this waits for the process's own signals with a generous bound.
  }, 90_000);
});
