import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertFree, startProcess, waitForUrl } from './process';
import { median } from './report';

/**
 * Milliseconds from spawning `npm start` to the first answered request, on an embedded database that
 * already exists (the first start, which creates it, is not counted). Median of `runs`.
 */
export async function coldStartMs(port: number, runs = 3): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-cold-'));
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' };
  const url = `http://127.0.0.1:${port}/api/health`;
  await assertFree(url);
  try {
    const first = startProcess('npm', ['start'], env);
    await waitForUrl(url, first.child, 180_000);
    await first.stop();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      await assertFree(url);
      const t0 = performance.now();
      const run = startProcess('npm', ['start'], env);
      await waitForUrl(url, run.child);
      times.push(performance.now() - t0);
      await run.stop();
    }
    return median(times);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
