import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatDate, formatDateTime, formatRelativeTime, parseCalendarDay } from './date';

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

describe('formatDateTime', () => {
  it('adds the time of day, 24 h, in the browser’s time zone', () => {
    expect(formatDateTime(new Date(2026, 2, 9, 14, 5), 'de')).toBe('09.03.2026, 14:05');
    expect(formatDateTime(new Date(2026, 2, 9, 9, 30), 'en')).toBe('03/09/2026, 09:30');
    expect(formatDateTime('not a date', 'en')).toBe('');
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

describe('calendar days typed in the app’s language (date fields)', () => {
  it('reads the language’s notation and ISO, and shows a day in the language’s notation', () => {
    expect(parseCalendarDay('09.03.2026', 'de')).toBe('2026-03-09');
    expect(parseCalendarDay(' 9.3.2026 ', 'de')).toBe('2026-03-09');
    expect(parseCalendarDay('03/09/2026', 'en')).toBe('2026-03-09');
    expect(parseCalendarDay('2026-03-09', 'de')).toBe('2026-03-09');
    expect(formatCalendarDay('2026-03-09', 'de')).toBe('09.03.2026');
    expect(formatCalendarDay('2026-03-09', 'en')).toBe('03/09/2026');
  });

  it('refuses what is not a real day in that notation', () => {
    for (const text of ['30.02.2026', '31.04.2026', '03/09/2026', '9.3.26', 'morgen', '', '00.01.2026']) {
      expect(parseCalendarDay(text, 'de'), text).toBeNull();
    }
    expect(parseCalendarDay('09.03.2026', 'en')).toBeNull();
    expect(parseCalendarDay('0000-01-01', 'en')).toBeNull();
  });

  it('leaves text that is not a day as it is', () => {
    expect(formatCalendarDay('9.3.', 'de')).toBe('9.3.');
  });
});
