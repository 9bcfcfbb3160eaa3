import { describe, expect, it } from 'vitest';
import { DELIVERY_ATTEMPTS, isLastAttempt, retryDelayMs } from './backoff';
import { sendMail } from './tasks/send-mail';
import { stripeCloseInvoice } from './tasks/stripe-close-invoice';
import { stripePushInvoice } from './tasks/stripe-push-invoice';
import { stripeRefundPayment } from './tasks/stripe-refund-payment';

describe('retry backoff', () => {
  const opts = { baseMs: 10_000, maxMs: 3_600_000 };

  it('doubles from the base with each failure', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, opts, middle))).toEqual([
      10_000, 20_000, 40_000, 80_000,
    ]);
  });

  it('spreads each delay by ±25 % and never waits longer than the maximum', () => {
    expect(retryDelayMs(1, opts, () => 0)).toBe(7_500);
    expect(retryDelayMs(1, opts, () => 0.999_999)).toBe(12_500);
    expect(retryDelayMs(11, opts, () => 0.5)).toBe(3_600_000);
    expect(retryDelayMs(500, opts, () => 0.999_999)).toBe(3_600_000);
  });
});

describe('the delivery retry rule', () => {
  it('gives a delivery about three and a half hours of attempts with the default backoff', () => {
    const opts = { baseMs: 10_000, maxMs: 3_600_000 };
    let waited = 0;
    for (let attempt = 1; attempt < DELIVERY_ATTEMPTS; attempt++)
      waited += retryDelayMs(attempt, opts, () => 0.5);
    expect(waited / 3_600_000).toBeGreaterThan(3);
    expect(waited / 3_600_000).toBeLessThan(4);
  });

  it('calls the last attempt the last', () => {
    expect(isLastAttempt({ attempt: DELIVERY_ATTEMPTS, maxAttempts: DELIVERY_ATTEMPTS })).toBe(true);
    expect(isLastAttempt({ attempt: DELIVERY_ATTEMPTS - 1, maxAttempts: DELIVERY_ATTEMPTS })).toBe(false);
  });

  it('is the rule of every delivery task', () => {
    for (const task of [sendMail, stripePushInvoice, stripeCloseInvoice, stripeRefundPayment])
      expect([task.name, task.maxAttempts]).toEqual([task.name, DELIVERY_ATTEMPTS]);
  });
});
