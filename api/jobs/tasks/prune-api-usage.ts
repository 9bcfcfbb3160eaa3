import { z } from 'zod';
import { API_KEY_WINDOW_SECONDS } from '../../auth/api-keys/middleware';
import { defineTask } from '../task';

/**
 * Deletes what API use leaves behind (issue 27): per-key rate-limit windows that have ended (one row per
 * key and minute it was used) and `Idempotency-Key` records past their 24 h. Runs every 5 minutes
 * (`schedules.ts`); every condition is on the clock alone, so two instances running it at once is harmless.
 */
export const pruneApiUsage = defineTask({
  name: 'prune_api_usage',
  payload: z.object({}),
  maxAttempts: 3,
  async run(_payload, { deps, log }) {
    const now = deps.now();
    const windows = await deps.sql`
      DELETE FROM api_key_rate_windows
      WHERE window_start < ${new Date(now.getTime() - API_KEY_WINDOW_SECONDS * 1000)}`;
    const idempotency = await deps.sql`DELETE FROM idempotency_keys WHERE expires_at <= ${now}`;
    log.info({ windows: windows.count, idempotencyKeys: idempotency.count }, 'api usage pruned');
  },
});
