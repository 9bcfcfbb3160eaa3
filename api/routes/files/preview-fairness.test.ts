import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_WAITING_PER_ACCOUNT, processFileVersionTask } from '../../jobs/tasks/process-file-version';
import { taskContext } from '../../jobs/testing';
import { previewScheduler } from '../../services/files/previews';
import { addTestFile, type PreviewWorld, previewWorld, testPdf } from '../../services/files/testing-previews';
import { createTestContext, type TestContext } from '../../testing/harness';
import { tempDataDir } from '../portals/testing';

/**
 * One tenant cannot slow another (issue 26): a client asking for many fresh pages at once and another
 * provider's upload share the preview processes fairly. Ordering is asserted, never timing.
 */

let t: TestContext;
let busy: PreviewWorld;
let other: PreviewWorld;
beforeAll(async () => {
  t = await createTestContext({ DATA_DIR: tempDataDir() });
  busy = await previewWorld(t, 'many-pages');
  other = await previewWorld(t, 'one-page');
});
afterAll(() => {
  previewScheduler.observe = undefined;
  return t.close();
});

const page = async (w: PreviewWorld, ids: { fileId: string; versionId: string }, n: number) =>
  t.app.request(`/api/portal/${w.portalId}/files/${ids.fileId}/versions/${ids.versionId}/pages/${n}`, {
    headers: { Authorization: `Bearer ${w.token}` },
  });

describe('fair previews', () => {
  it('makes another provider’s one-page preview while a client asks for 40 fresh pages, and never fails it', async () => {
    const brochure = await addTestFile(t, busy, await testPdf(40), { name: 'Brochure.pdf', format: 'pdf' });
    const flyer = await addTestFile(t, other, await testPdf(1), { name: 'Flyer.pdf', format: 'pdf' });
    const starts: string[] = [];
    let running = 0;
    let mostAtOnce = 0;
    previewScheduler.observe = (e) => {
      if (e.type === 'start') starts.push(`${e.lane}:${e.account === busy.providerId ? 'busy' : 'other'}`);
      if (e.account !== busy.providerId) return;
      running += e.type === 'start' ? 1 : -1;
      mostAtOnce = Math.max(mostAtOnce, running);
    };
    const finished: string[] = [];
    const pages = Array.from({ length: 40 }, (_, i) =>
      page(busy, brochure, i + 1).then((res) => {
        finished.push(`page:${res.status}`);
        return res;
      }),
    );
    const job = processFileVersionTask
      .run({ providerId: other.providerId, ...flyer }, taskContext(t))
      .then(() => finished.push('job'));
    const responses = await Promise.all(pages);
    await job;

    // The other provider's preview is made (not failed for a full queue), and it started at once: in the
    // slot the client's account does not get, before the client's second page.
    const [row] = await t.sql<{ preview_status: string }[]>`
      SELECT preview_status FROM file_versions WHERE id = ${flyer.versionId}`;
    expect(row?.preview_status).toBe('ready');
    // Most of the client's rendered pages came after it (in one shared queue it came after nearly all).
    const after = finished.slice(finished.indexOf('job')).filter((f) => f === 'page:200').length;
    expect(after).toBeGreaterThanOrEqual(4);
    expect(starts.indexOf('job:other')).toBeGreaterThanOrEqual(0);
    expect(
      starts.slice(0, starts.indexOf('job:other')).filter((s) => s === 'view:busy').length,
    ).toBeLessThanOrEqual(1);
    expect(starts.filter((s) => s === 'view:busy').length).toBeGreaterThan(5);
    // One account renders one page at a time; pages past its waiting limit are refused with a retry hint.
    expect(mostAtOnce).toBe(1);
    for (const res of responses) {
      expect([200, 503]).toContain(res.status);
      if (res.status === 503) expect(res.headers.get('retry-after')).toBe('5');
    }
    expect(responses.filter((r) => r.status === 503).length).toBeGreaterThan(0);
  }, 240_000);

  it('defers a preview job whose account already has jobs waiting, without spending an attempt', async () => {
    const files = [];
    for (let i = 0; i < JOB_WAITING_PER_ACCOUNT + 2; i++)
      files.push(await addTestFile(t, busy, await testPdf(1), { name: `Batch ${i}.pdf`, format: 'pdf' }));
    const started = new Promise<void>((resolve) => {
      previewScheduler.observe = (e) => e.type === 'start' && e.account === busy.providerId && resolve();
    });
    const run = (ids: { fileId: string; versionId: string }) =>
      processFileVersionTask.run({ providerId: busy.providerId, ...ids }, taskContext(t));
    // One job running and JOB_WAITING_PER_ACCOUNT waiting for the account's one slot…
    const [first, ...rest] = files as [(typeof files)[0], ...typeof files];
    const jobs = [run(first)];
    await started;
    const waiting = rest.slice(0, JOB_WAITING_PER_ACCOUNT);
    jobs.push(...waiting.map(run));
    while (previewScheduler.waitingCount('job', busy.providerId) < JOB_WAITING_PER_ACCOUNT)
      await new Promise((resolve) => setImmediate(resolve));
    // …so the next one gives its worker back and is queued again for later, as a new job.
    const deferred = rest[JOB_WAITING_PER_ACCOUNT] as (typeof files)[0];
    await run(deferred);
    const schema = t.sql(t.db.queueSchema);
    const queued = await t.sql<{ key: string; run_at: Date; payload: { attemptsBefore: number } }[]>`
      SELECT j.key, j.run_at, j.payload FROM ${schema}._private_jobs j
      JOIN ${schema}._private_tasks tk ON tk.id = j.task_id
      WHERE tk.identifier = 'process_file_version' AND j.key = ${`file-preview:${deferred.versionId}`}`;
    expect(queued).toHaveLength(1);
    expect(queued[0]?.payload.attemptsBefore).toBe(0);
    expect(new Date(queued[0]?.run_at ?? 0).getTime()).toBeGreaterThan(Date.now());
    const [row] = await t.sql<{ preview_status: string }[]>`
      SELECT preview_status FROM file_versions WHERE id = ${deferred.versionId}`;
    expect(row?.preview_status).toBe('pending');
    await Promise.all(jobs);
  }, 240_000);
});
