import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';
import { presetRange, todayIn } from './period';

describe('analytics presets', () => {
  it('counts whole months back and handles year ends', () => {
    expect(presetRange('thisMonth', '2026-03-15')).toEqual({ from: '2026-03-01', to: '2026-03-15' });
    expect(presetRange('lastMonth', '2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('lastMonth', '2026-01-31')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('last3', '2026-02-10')).toEqual({ from: '2025-12-01', to: '2026-02-10' });
    expect(presetRange('last12', '2026-12-31')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(presetRange('ytd', '2024-02-29')).toEqual({ from: '2024-01-01', to: '2024-02-29' });
    expect(presetRange('custom', '2026-03-15', { from: '2025-01-01', to: '2025-06-30' })).toEqual({
      from: '2025-01-01',
      to: '2025-06-30',
    });
  });

  it('reads today in the zone', () => {
    const now = new Date('2026-03-31T23:30:00Z');
    expect(todayIn('Europe/Berlin', now)).toBe('2026-04-01');
    expect(todayIn('America/New_York', now)).toBe('2026-03-31');
    expect(todayIn('Pacific/Auckland', now)).toBe('2026-04-01');
  });
});

describe('CSV', () => {
  it('writes per language and neutralises formulas', () => {
    expect(toCsv('en', ['Client', 'Paid'], [['Acme, Inc.', 1234.5]])).toBe(
      'Client,Paid\r\n"Acme, Inc.",1234.5\r\n',
    );
    expect(toCsv('de', ['Kunde', 'Bezahlt'], [['Müller; Söhne', 1234.5]])).toBe(
      'Kunde;Bezahlt\r\n"Müller; Söhne";1234,5\r\n',
    );
    expect(toCsv('en', ['x'], [['=HYPERLINK("x")']])).toBe('x\r\n"\'=HYPERLINK(""x"")"\r\n');
  });
});
