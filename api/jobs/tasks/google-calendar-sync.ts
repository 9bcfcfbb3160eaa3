import { z } from 'zod';
import { recordSyncOutcome, syncToGoogle } from '../../integrations/google-calendar/sync';
import { DELIVERY_ATTEMPTS, isLastAttempt } from '../backoff';
import { defineTask } from '../task';

/**
 * Writes one calendar event or booking to the provider's Google calendar, or deletes it there
 * (`integrations/google-calendar/sync.ts`; queued by `queueGoogleSync` in the change's transaction).
 * Google's temporary failures are retried under the delivery rule (`../backoff.ts`); the last one and
 * Google's refusals are kept as the connection's last sync error, shown on the Integrations page.
 */
export const googleCalendarSync = defineTask({
  name: 'google_calendar_sync',
  payload: z.object({ providerId: z.uuid(), source: z.enum(['event', 'booking']), id: z.uuid() }),
  maxAttempts: DELIVERY_ATTEMPTS,
  async run(target, ctx) {
    const deps = { ...ctx.deps, log: ctx.log };
    const result = await syncToGoogle(deps, target);
    if (result.outcome === 'retry') {
      if (!isLastAttempt(ctx)) throw new Error(result.message);
      await recordSyncOutcome(deps, target.providerId, { ok: false, message: result.message });
      ctx.log.warn({ target, result }, 'Google Calendar sync given up');
      return;
    }
    if (result.outcome === 'failed') {
      await recordSyncOutcome(deps, target.providerId, { ok: false, message: result.message });
      ctx.log.warn({ target, result }, 'Google refused a calendar write');
      return;
    }
    if (result.outcome !== 'skipped') await recordSyncOutcome(deps, target.providerId, { ok: true });
  },
});
