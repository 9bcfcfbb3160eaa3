import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

const plain = (text: string) => text.replaceAll('\u00a0', ' ');

describe('formatDuration', () => {
  it('reads minutes, hours and days as a person would in English', () => {
    expect(plain(formatDuration(0, 'en'))).toBe('0 min');
    expect(plain(formatDuration(45, 'en'))).toBe('45 min');
    expect(plain(formatDuration(59.6, 'en'))).toBe('1 h');
    expect(plain(formatDuration(180, 'en'))).toBe('3 h');
    expect(plain(formatDuration(80, 'en'))).toBe('1 h 20 min');
    expect(plain(formatDuration(23 * 60 + 59, 'en'))).toBe('23 h 59 min');
    expect(plain(formatDuration(24 * 60, 'en'))).toBe('1 d');
    expect(plain(formatDuration(52 * 60, 'en'))).toBe('2 d 4 h');
    expect(plain(formatDuration(52 * 60 + 29, 'en'))).toBe('2 d 4 h');
    expect(plain(formatDuration(47 * 60 + 45, 'en'))).toBe('2 d');
    expect(plain(formatDuration(1000 * 24 * 60, 'en'))).toBe('1,000 d');
  });

  it('reads them in German with its abbreviations and digit grouping', () => {
    expect(plain(formatDuration(45, 'de'))).toBe('45 Min.');
    expect(plain(formatDuration(180, 'de'))).toBe('3 Std.');
    expect(plain(formatDuration(80, 'de'))).toBe('1 Std. 20 Min.');
    expect(plain(formatDuration(52 * 60, 'de'))).toBe('2 T. 4 Std.');
    expect(plain(formatDuration(1000 * 24 * 60, 'de'))).toBe('1.000 T.');
  });

  it('keeps a number with its unit (no-break space) and never goes below zero', () => {
    expect(formatDuration(80, 'en')).toBe('1\u00a0h 20\u00a0min');
    expect(formatDuration(-5, 'de-AT')).toBe('0\u00a0Min.');
  });
});
