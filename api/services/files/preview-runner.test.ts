import { describe, expect, it } from 'vitest';
import { PreviewTaskError } from './preview-child';
import type { PreviewTask } from './preview-process';
import { runPreviewTask } from './preview-runner';
import { inflateBombPdf, manyPagesPdf, testPdf } from './testing-previews';

/** The preview processes on real files: hard limits, how each one fails, and a failed process never reused. */

const page1: PreviewTask = {
  op: 'pdf',
  pages: [1],
  longSide: 400,
  thumbnailWidth: 100,
  maxPages: 10_000,
  maxImagePixels: 40_000_000,
};
const input = (bytes: Uint8Array) => ({ size: bytes.length, body: [bytes] });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('the task did not fail');
    },
    (err: unknown) => {
      expect(err).toBeInstanceOf(PreviewTaskError);
      return err as PreviewTaskError;
    },
  );

// The hard limits are Linux's (prlimit from util-linux, /proc for CPU time), as in production and CI.
describe.runIf(process.platform === 'linux')('preview runner limits', () => {
  it('renders in a process that set itself a hard address-space limit', async () => {
    const { message, blobs, stats } = await runPreviewTask(page1, input(await testPdf(2)), { cpuMs: 10_000 });
    expect(message.result).toMatchObject({ pageCount: 2, firstPage: { width: 595, height: 842 } });
    expect(blobs.map((b) => b.subarray(8, 12).toString())).toEqual(['WEBP', 'WEBP']);
    // Linux with util-linux: the limit is set, and it is what the process used at start plus the headroom.
    expect(stats.limits?.addressSpaceBytes).toBeGreaterThan(0);
    const limit = Number(/^Max address space\s+(\d+)/m.exec(await procLimits(stats.pid))?.[1]);
    expect(limit).toBe(stats.limits?.addressSpaceBytes);
  }, 60_000);

  it('stops a PDF whose content inflates to 1 GB at the memory limit, and the next task runs on a fresh process', async () => {
    const bomb = inflateBombPdf();
    expect(bomb.length).toBeLessThan(1_100_000);
    // CPU time to spare, so the memory limit is what stops it.
    const err = await failure(runPreviewTask(page1, input(bomb), { cpuMs: 120_000, wallMs: 120_000 }));
    expect(err.reason).toBe('too_large');
    expect(err.permanent).toBe(true);
    const next = await runPreviewTask(page1, input(await testPdf(1)), { cpuMs: 10_000 });
    expect(next.message.result).toMatchObject({ pageCount: 1 });
  }, 180_000);

  it('stops a task past its CPU time', async () => {
    const err = await failure(runPreviewTask(page1, input(inflateBombPdf()), { cpuMs: 300 }));
    expect(err.reason).toBe('too_slow');
    expect(err.permanent).toBe(true);
  }, 120_000);
});

describe('preview runner', () => {
  it('refuses a PDF of 100,000 pages before reading any page', async () => {
    const many = manyPagesPdf(100_000);
    expect(many.length).toBeLessThan(10 * 1024 * 1024);
    const err = await failure(runPreviewTask(page1, input(many), { cpuMs: 10_000 }));
    expect(err.reason).toBe('too_many_pages');
    expect(err.message).toContain('100000 pages');
  }, 60_000);

  it('calls bytes that are no PDF unreadable, and renders no page past the last', async () => {
    const bad = new TextEncoder().encode('%PDF-1.7 nothing else');
    expect((await failure(runPreviewTask(page1, input(bad), { cpuMs: 10_000 }))).reason).toBe('unreadable');
    const past = await runPreviewTask({ ...page1, pages: [1, 2, 9] }, input(await testPdf(1)), {
      cpuMs: 10_000,
    });
    expect((past.message.result as { pages: { page: number }[] }).pages.map((p) => p.page)).toEqual([1]);
  }, 60_000);

  it('kills a process whose reply is larger than allowed, before reading it', async () => {
    const err = await failure(
      runPreviewTask(page1, input(await testPdf(1)), { cpuMs: 10_000, outputMaxBytes: 1_000 }),
    );
    expect(err.reason).toBe('too_large');
    expect(err.message).toMatch(/a reply of \d+ bytes/);
  }, 60_000);

  it('calls a task out of wall time unavailable (the machine’s fault, retried), not the file’s', async () => {
    const err = await failure(runPreviewTask(page1, input(await testPdf(1)), { cpuMs: 10_000, wallMs: 1 }));
    expect(err.reason).toBe('unavailable');
    expect(err.permanent).toBe(false);
  }, 60_000);
});

async function procLimits(pid: number) {
  const { readFile } = await import('node:fs/promises');
  return readFile(`/proc/${pid}/limits`, 'utf8');
}
