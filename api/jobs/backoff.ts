/*
 * The one retry rule of everything this product sends out: an e-mail to Resend (`send_mail`), an invoice
 * to the provider's Stripe (`stripe_push_invoice`), closing it there (`stripe_close_invoice`: Checkout
 * sessions expired, the Stripe invoice voided or settled), a refund (`stripe_refund_payment`) and a calendar
 * event or booking written to the provider's Google calendar (`google_calendar_sync`, issue 30).
 *
 *   - It is a job, enqueued in the transaction of the change that causes it, first tried at once.
 *   - A failed attempt is tried again after `retryDelayMs` (JOBS_RETRY_BASE_MS doubling, ±25 %, at most
 *     JOBS_RETRY_MAX_MS apart), DELIVERY_ATTEMPTS attempts in all: about 3.5 hours with the defaults.
 *   - Nothing else retries: no loop in a request, no SDK retries inside an attempt (a job's Stripe client
 *     is made with `retries: 0`), no delay of a task's own.
 *   - The last attempt's failure is where the delivery is given up (`isLastAttempt`), and the task leaves
 *     that where the user sees it: the mail's outbox row `failed`, the invoice's Stripe state `failed`
 *     with a notification to the provider, a refund flagged to the provider.
 *   - A failure no retry can heal (an invoice closed meanwhile, a total Stripe computes differently) ends
 *     the job at once, with the same visible outcome.
 *
 * Webhooks (`deliver_webhook`) follow the same rule on a longer schedule, because a receiver may be down
 * for a day: WEBHOOKS_RETRY_BASE_MS (5 s) doubling, at most WEBHOOKS_RETRY_MAX_MS (6 h) apart,
 * WEBHOOK_DELIVERY_ATTEMPTS in all: at least 24 hours even when every jitter draws short (about 26.5 h;
 * 31 h at the long end). A task names its schedule (`TaskDefinition.retrySchedule`); the worker applies it.
 */

/** The spacing of a task's retries: `retryDelayMs`'s `baseMs` and `maxMs`. */
export interface RetrySchedule {
  baseMs: number;
  maxMs: number;
}

/** Attempts of a webhook delivery (see above): 16 retries, spanning ≥ 24 h with the default schedule. */
export const WEBHOOK_DELIVERY_ATTEMPTS = 17;

/** Attempts of every delivery job (see the rule above). */
export const DELIVERY_ATTEMPTS = 12;

/** Whether this attempt is the delivery's last: its failure is final and must be shown, not thrown away. */
export const isLastAttempt = (attempt: { attempt: number; maxAttempts: number }): boolean =>
  attempt.attempt >= attempt.maxAttempts;

/**
 * Delay before retrying after the `attempt`-th failure: `baseMs`, doubled for each earlier failure, capped
 * at `maxMs`, spread by ±25 % so that jobs that failed together (a provider's outage) do not all come back
 * in the same instant.
 * @example retryDelayMs(3, { baseMs: 10_000, maxMs: 3_600_000 }) // about 40 s
 */
export function retryDelayMs(
  attempt: number,
  opts: { baseMs: number; maxMs: number },
  random: () => number = Math.random,
): number {
  const exponential = opts.baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30);
  const jittered = exponential * (0.75 + random() * 0.5);
  return Math.round(Math.min(jittered, opts.maxMs));
}
