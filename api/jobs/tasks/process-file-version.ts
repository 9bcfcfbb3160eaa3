import { z } from 'zod';
import { previewScheduler, processFileVersion } from '../../services/files/previews';
import { defineTask } from '../task';

/** Preview jobs of one account waiting for a preview process on this instance before more are deferred. */
export const JOB_WAITING_PER_ACCOUNT = 2;
/** A deferred job runs again after this long per job of its account already waiting or running (at most 30 s). */
const DEFER_MS_PER_JOB = 1_000;

/**
 * Makes a file version's previews (thumbnail, page 1) and records its page count and size
 * (`processFileVersion`). Enqueued with every upload and new version. A file that hits a preview limit
 * or does not decode is marked `failed` with the reason at once (no retry); a failure on our side
 * (storage, no process could run it) is retried and marked `failed` on the last attempt. Running it
 * again overwrites the same keys.
 *
 * Fair shares: when its account already has `JOB_WAITING_PER_ACCOUNT` preview jobs waiting here, the job
 * does not take a worker slot to wait in: it is added again a little later (a new job, no attempt spent)
 * and ends, so the worker picks up other accounts' jobs meanwhile (one account's batch of uploads
 * cannot hold every job worker).
 */
export const processFileVersionTask = defineTask({
  name: 'process_file_version',
  payload: z.object({ providerId: z.uuid(), fileId: z.uuid(), versionId: z.uuid() }),
  maxAttempts: 4,
  async run(payload, { deps, log, attempt, maxAttempts, signal }) {
    signal.throwIfAborted();
    const queued = previewScheduler.waitingCount('job', payload.providerId);
    if (queued >= JOB_WAITING_PER_ACCOUNT) {
      const backlog = queued + previewScheduler.runningFor(payload.providerId);
      const delayMs = Math.min(30_000, DEFER_MS_PER_JOB * backlog) * (0.75 + Math.random() / 2);
      await deps.jobs.enqueue(deps.sql, 'process_file_version', payload, {
        runAt: new Date(Date.now() + delayMs),
        jobKey: `file-preview:${payload.versionId}`,
      });
      log.info(
        { ...payload, delayMs: Math.round(delayMs) },
        'file preview deferred: its account has jobs waiting',
      );
      return;
    }
    const outcome = await processFileVersion(deps, payload, { lastAttempt: attempt >= maxAttempts, signal });
    log.info({ ...payload, outcome }, 'file version processed');
  },
});
