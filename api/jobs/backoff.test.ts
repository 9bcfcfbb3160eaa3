import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff';

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
