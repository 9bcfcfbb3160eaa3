import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { retryDelayMs, WEBHOOK_DELIVERY_ATTEMPTS } from '../../jobs/backoff';
import { deliverWebhookTask } from '../../jobs/tasks/deliver-webhook';

describe('the webhook retry schedule', () => {
  const config = loadConfig({ NODE_ENV: 'production' });
  const schedule = deliverWebhookTask.retrySchedule?.(config);
  const total = (random: () => number) => {
    let waited = 0;
    for (let attempt = 1; attempt < WEBHOOK_DELIVERY_ATTEMPTS; attempt++)
      waited += retryDelayMs(attempt, schedule as { baseMs: number; maxMs: number }, random);
    return waited / 3_600_000;
  };

  it('starts at about 5 s and never waits more than 6 h between attempts', () => {
    expect(schedule).toEqual({ baseMs: 5_000, maxMs: 21_600_000 });
    expect(retryDelayMs(1, schedule as { baseMs: number; maxMs: number }, () => 0.5)).toBe(5_000);
    expect(retryDelayMs(30, schedule as { baseMs: number; maxMs: number }, () => 0.999)).toBe(21_600_000);
  });

  it('retries for at least 24 hours even when every jitter draws short, and at most a day and a half', () => {
    expect(deliverWebhookTask.maxAttempts).toBe(WEBHOOK_DELIVERY_ATTEMPTS);
    expect(total(() => 0)).toBeGreaterThanOrEqual(24);
    expect(total(() => 0.999_999)).toBeLessThanOrEqual(36);
  });
});
