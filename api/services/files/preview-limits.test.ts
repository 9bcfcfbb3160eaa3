import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processFileVersionTask } from '../../jobs/tasks/process-file-version';
import { taskContext } from '../../jobs/testing';
import { tempDataDir } from '../../routes/portals/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import {
  addTestFile,
  inflateBombPdf,
  manyPagesPdf,
  type PreviewWorld,
  pngBomb,
  previewWorld,
} from './testing-previews';

/**
 * The outside review's files through the preview job as the service runs it: the service (this process
 * and its preview processes) stays under +1 GB resident, and each file is marked failed once, with why.
 */

let t: TestContext;
let first: PreviewWorld;
let second: PreviewWorld;
beforeAll(async () => {
  t = await createTestContext({ DATA_DIR: tempDataDir() });
  first = await previewWorld(t, 'bomb-one');
  second = await previewWorld(t, 'bomb-two');
});
afterAll(() => t.close());

const kb = (pid: number, field: string) => {
  try {
    return (
      Number(
        new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1],
      ) || 0
    );
  } catch {
    return 0; // gone meanwhile
  }
};

/** This process's child processes (the preview processes). */
function children(): number[] {
  const pids: number[] = [];
  for (const task of readdirSync(`/proc/${process.pid}/task`)) {
    const kids = readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim();
    if (kids) pids.push(...kids.split(/\s+/).map(Number));
  }
  return pids;
}

/**
 * Runs `work` while sampling every 10 ms how much more this process and its children hold resident than
 * this process alone did before; the highest sample, in MiB.
 */
async function peakResidentGrowth(work: () => Promise<unknown>): Promise<number> {
  // The high-water mark below is this window's: Linux resets it to the current size ("5" to clear_refs).
  // Otherwise it holds the peak of whatever this test process ran before (the server tests share one).
  writeFileSync(`/proc/${process.pid}/clear_refs`, '5');
  const before = kb(process.pid, 'VmRSS');
  let peak = 0;
  const sample = () => {
    const total = kb(process.pid, 'VmRSS') + children().reduce((n, pid) => n + kb(pid, 'VmRSS'), 0);
    peak = Math.max(peak, total - before);
  };
  const timer = setInterval(sample, 10);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  // This process's own high-water mark, should a spike fall between two samples.
  peak = Math.max(peak, kb(process.pid, 'VmHWM') - before);
  return peak / 1024;
}

async function previewRow(versionId: string) {
  const [row] = await t.sql<
    { preview_status: string; preview_failure: string | null; page_count: number | null }[]
  >`
    SELECT preview_status, preview_failure, page_count FROM file_versions WHERE id = ${versionId}`;
  return row;
}

const run = (w: PreviewWorld, ids: { fileId: string; versionId: string }) =>
  processFileVersionTask.run({ providerId: w.providerId, ...ids }, taskContext(t));

describe.runIf(process.platform === 'linux')('preview limits', () => {
  it('keeps the service under +1 GB while two PDFs inflating to 1 GB each are previewed at once, and fails each once', async () => {
    const bomb = inflateBombPdf();
    expect(bomb.length).toBeLessThan(1_100_000);
    const one = await addTestFile(t, first, bomb, { name: 'Bomb.pdf', format: 'pdf' });
    const two = await addTestFile(t, second, bomb, { name: 'Bomb.pdf', format: 'pdf' });
    // Two accounts, so both run at once (one account's previews take turns).
    const growth = await peakResidentGrowth(() => Promise.all([run(first, one), run(second, two)]));
    expect(growth).toBeLessThan(1024);
    for (const ids of [one, two]) {
      const row = await previewRow(ids.versionId);
      // The job ended without throwing, so it is not retried: failed once, saying which limit it hit.
      expect(row).toMatchObject({ preview_status: 'failed', page_count: null });
      expect(['too_large', 'too_slow']).toContain(row?.preview_failure);
    }
  }, 180_000);

  it('marks a PDF of 100,000 pages failed (too_many_pages) without reading its pages', async () => {
    const ids = await addTestFile(t, first, manyPagesPdf(100_000), { name: 'Phonebook.pdf', format: 'pdf' });
    await run(first, ids);
    expect(await previewRow(ids.versionId)).toMatchObject({
      preview_status: 'failed',
      preview_failure: 'too_many_pages',
    });
  }, 60_000);

  it('decodes a PNG of 49 megapixels that is 150 KB on disk within the limits', async () => {
    const bomb = pngBomb(7000, 7000);
    expect(bomb.length).toBeLessThan(200_000);
    const ids = await addTestFile(t, first, bomb, { name: 'Black.png', format: 'png' });
    const growth = await peakResidentGrowth(() => run(first, ids));
    expect(growth).toBeLessThan(512);
    expect(await previewRow(ids.versionId)).toMatchObject({ preview_status: 'ready', page_count: 1 });
  }, 60_000);
});
