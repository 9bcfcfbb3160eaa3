import type { PayloadOf, RunnableTaskName as TaskName } from './tasks';

/** A periodic job: the task, when (a crontab line in UTC), and its payload. */
export interface Schedule<N extends TaskName = TaskName> {
  task: N;
  /** Five crontab fields, UTC, e.g. `17 3 * * *` (daily 03:17). */
  cron: string;
  payload: PayloadOf<N>;
}

/** Typed entry for {@link SCHEDULES}. */
export function every<N extends TaskName>(cron: string, task: N, payload: PayloadOf<N>): Schedule<N> {
  return { task, cron, payload };
}

/**
 * Every periodic job. Each instance's worker keeps the schedule; graphile-worker records each run in its
 * `known_crontabs` table, so with several instances a tick still makes one job (and a tick missed while
 * every instance was down is not made up: purges catch up on their next run anyway).
 */
export const SCHEDULES: Schedule[] = [
  every('17 3 * * *', 'prune_outbox', {}),
  every('47 3 * * *', 'prune_failed_jobs', {}),
  every('7 * * * *', 'purge_expired', {}),
  every('37 * * * *', 'purge_domain_claims', {}),
  every('*/10 * * * *', 'recheck_domains', {}),
  every('*/15 * * * *', 'mark_overdue_invoices', {}),
  every('5,20,35,50 * * * *', 'send_payment_reminders', {}),
  every('*/5 * * * *', 'prune_api_usage', {}),
  every('*/15 * * * *', 'recurring_invoices', {}),
  every('43 * * * *', 'stripe_webhook_events_sweep', {}),
  every('*/5 * * * *', 'send_booking_reminders', {}),
];
