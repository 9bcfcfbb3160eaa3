import { z } from 'zod';
import { defineTask } from '../task';

/** How long a delivered or given-up mail stays in the outbox. */
export const OUTBOX_RETENTION_DAYS = 30;

/**
 * Deletes outbox rows older than {@link OUTBOX_RETENTION_DAYS} that are done with (delivered, or given up):
 * a mail's body holds its sign-in and verification links, which should not outlive their use at rest.
 * Mails still waiting for a retry stay. Runs daily (`schedules.ts`).
 */
export const pruneOutbox = defineTask({
  name: 'prune_outbox',
  payload: z.object({}),
  maxAttempts: 3,
  async run(_payload, { deps, log }) {
    const deleted = await deps.sql`
      DELETE FROM outbox_emails
      WHERE status <> 'pending'
        AND coalesce(sent_at, updated_at) < now() - make_interval(days => ${OUTBOX_RETENTION_DAYS})`;
    log.info({ deleted: deleted.count }, 'outbox pruned');
  },
});
