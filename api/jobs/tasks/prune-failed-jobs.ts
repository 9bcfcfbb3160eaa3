import { z } from 'zod';
import { defineTask } from '../task';

/** How long a job that spent all its attempts stays in the queue for inspection. */
export const FAILED_JOB_RETENTION_DAYS = 14;

/**
 * Deletes jobs that failed for good more than {@link FAILED_JOB_RETENTION_DAYS} ago. They stay that long
 * for inspection (`SELECT * FROM graphile_worker.jobs WHERE attempts >= max_attempts`); left forever they
 * would slow every worker's job lookup. Uses the queue's public view and `complete_jobs` (which deletes).
 * Runs daily (`schedules.ts`).
 */
export const pruneFailedJobs = defineTask({
  name: 'prune_failed_jobs',
  payload: z.object({}),
  maxAttempts: 3,
  async run(_payload, { deps, log }) {
    const schema = deps.jobs.schema;
    const deleted = await deps.sql`
      SELECT id FROM ${deps.sql(schema)}.complete_jobs(ARRAY(
        SELECT id FROM ${deps.sql(schema)}.jobs
        WHERE attempts >= max_attempts AND locked_at IS NULL
          AND updated_at < now() - make_interval(days => ${FAILED_JOB_RETENTION_DAYS})
      ))`;
    log.info({ deleted: deleted.length }, 'failed jobs pruned');
  },
});
