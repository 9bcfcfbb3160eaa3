import type { AppDeps } from '../../http/context';
import type { Logger } from '../../http/logger';
import { publishActivity } from '../activity/record-activity';

/*
 * What every invoice use case takes: `InvoiceDeps` (the clock is injectable, for the demo's past dates),
 * publishing the activity a committed transaction wrote, and calendar-day arithmetic on that clock.
 */

export type InvoiceDeps = Pick<AppDeps, 'sql' | 'jobs' | 'mailer' | 'pubsub' | 'now' | 'config'> & {
  log: Logger;
};

/** Publishes activity rows written by a committed transaction (a failure is logged, never thrown). */
export async function publishInvoiceActivity(
  deps: Pick<AppDeps, 'pubsub'> & { log: Logger },
  providerId: string,
  seqs: readonly number[],
): Promise<void> {
  for (const seq of seqs) {
    await publishActivity(deps.pubsub, providerId, seq).catch((err) =>
      deps.log.warn({ err }, 'activity notification not published'),
    );
  }
}

/** Today's calendar date (UTC) of the injected clock, `YYYY-MM-DD`. */
export const todayOf = (now: Date) => now.toISOString().slice(0, 10);

/** A calendar date `days` later (`YYYY-MM-DD`). */
export const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
