import { describe, expect, it } from 'vitest';
import { formatDate, formatRelativeTime } from './date';

describe('formatDate', () => {
  const date = new Date(2026, 2, 9, 12, 0, 0);

  it('writes MM/dd/yyyy in English', () => {
    expect(formatDate(date, 'en')).toBe('03/09/2026');
  });

  it('writes dd.MM.yyyy in German', () => {
    expect(formatDate(date, 'de')).toBe('09.03.2026');
  });

  it('accepts ISO strings and timestamps, and yields nothing for an invalid date', () => {
    expect(formatDate(date.toISOString(), 'en')).toBe('03/09/2026');
    expect(formatDate(date.getTime(), 'de')).toBe('09.03.2026');
    expect(formatDate('not a date', 'en')).toBe('');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(2026, 2, 9, 12, 0, 0).getTime();

  it("says 'ago' for past times in English", () => {
    expect(formatRelativeTime(now - 5 * 60_000, 'en', now)).toBe('5 minutes ago');
    expect(formatRelativeTime(now - 3 * 3600_000, 'en', now)).toBe('3 hours ago');
    expect(formatRelativeTime(now - 2 * 86400_000, 'en', now)).toBe('2 days ago');
  });

  it("always counts with 'ago', never 'yesterday' or 'last week'", () => {
    expect(formatRelativeTime(now - 86400_000, 'en', now)).toBe('1 day ago');
    expect(formatRelativeTime(now - 7 * 86400_000, 'en', now)).toBe('1 week ago');
    expect(formatRelativeTime(now - 86400_000, 'de', now)).toBe('vor 1 Tag');
  });

  it('uses German phrasing in German', () => {
    expect(formatRelativeTime(now - 5 * 60_000, 'de', now)).toBe('vor 5 Minuten');
  });

  it('calls anything under a minute "just now" / "gerade eben", never a bare "now"', () => {
    expect(formatRelativeTime(now - 2_000, 'en', now)).toBe('just now');
    expect(formatRelativeTime(now - 59_000, 'en', now)).toBe('just now');
    expect(formatRelativeTime(now - 10_000, 'de', now)).toBe('gerade eben');
    // A server clock a little ahead of the browser's: still just now, not "in 5 seconds".
    expect(formatRelativeTime(now + 5_000, 'en', now)).toBe('just now');
  });

  it('counts in whole minutes from the first minute on', () => {
    expect(formatRelativeTime(now - 60_000, 'en', now)).toBe('1 minute ago');
    expect(formatRelativeTime(now - 90_000, 'de', now)).toBe('vor 1 Minute');
  });
});
