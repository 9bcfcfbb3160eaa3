import { describe, expect, it } from 'vitest';
import { isSessionValid, trialDaysLeft } from './session';

/** Seconds since the epoch as the ISO 8601 time the API sends. */
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('isSessionValid', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);

  it('accepts a session that expires more than 5 minutes from now', () => {
    expect(isSessionValid({ expiresAt: iso(now / 1000 + 6 * 60) }, now)).toBe(true);
  });

  it('rejects a session within the 5-minute margin, so it gets refreshed', () => {
    expect(isSessionValid({ expiresAt: iso(now / 1000 + 4 * 60) }, now)).toBe(false);
    expect(isSessionValid({ expiresAt: iso(now / 1000 + 5 * 60) }, now)).toBe(false);
  });

  it('rejects a missing or expired session', () => {
    expect(isSessionValid(null, now)).toBe(false);
    expect(isSessionValid({ expiresAt: iso(now / 1000 - 1) }, now)).toBe(false);
  });
});

describe('trialDaysLeft', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);

  it('rounds partial days up', () => {
    expect(trialDaysLeft(new Date(now + 13.2 * 86_400_000).toISOString(), now)).toBe(14);
    expect(trialDaysLeft(new Date(now + 60_000).toISOString(), now)).toBe(1);
  });

  it('is 0 once the trial has ended or the date is unreadable', () => {
    expect(trialDaysLeft(new Date(now - 1000).toISOString(), now)).toBe(0);
    expect(trialDaysLeft('nonsense', now)).toBe(0);
  });
});
