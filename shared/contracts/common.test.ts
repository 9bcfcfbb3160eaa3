import { describe, expect, it } from 'vitest';
import { DateOnly, text, Uuid } from './common';

const keysOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('text()', () => {
  it('refuses NUL and lone UTF-16 surrogates, keeps surrogate pairs', () => {
    for (const value of ['a\u0000b', 'x\ud800y', 'x\udbffy', '\udc00', 'end\ud83d'])
      expect(keysOf(text().safeParse(value)), JSON.stringify(value)).toEqual([
        'validation.invalidCharacters',
      ]);
    for (const value of ['Ship it \u{1f680}', 'Grüße', '中文', ''])
      expect(text().safeParse(value).success, value).toBe(true);
  });
});

describe('DateOnly', () => {
  it('accepts days that exist in the years 1900 to 9999', () => {
    for (const value of ['1900-01-01', '2000-02-29', '2028-02-29', '2026-12-31', '9999-12-31'])
      expect(DateOnly.safeParse(value).success, value).toBe(true);
  });

  it('refuses impossible days and other forms with dateInvalid', () => {
    for (const value of [
      '2026-02-30',
      '2026-04-31',
      '2027-02-29',
      '1900-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '2026-1-01',
      '10000-01-01',
      '2026-01-01T00:00:00Z',
      ' 2026-01-01',
      '',
    ])
      expect(keysOf(DateOnly.safeParse(value)), value).toEqual(['validation.dateInvalid']);
  });

  it('refuses days outside the years 1900 to 9999 with dateOutOfRange', () => {
    for (const value of ['0000-01-01', '0001-01-01', '1899-12-31'])
      expect(keysOf(DateOnly.safeParse(value)), value).toEqual(['validation.dateOutOfRange']);
  });
});

describe('Uuid', () => {
  it('accepts any 8-4-4-4-12 hex id, as the document’s format: uuid says', () => {
    for (const value of [
      '3f1c9a2b-0000-4000-8000-000000000000',
      '3f1c9a2b-0000-0000-0000-000000000000',
      '00000000-0000-0000-0000-000000000001',
      '3F1C9A2B-0000-4000-8000-00000000000A',
    ])
      expect(Uuid().safeParse(value).success, value).toBe(true);
  });

  it('refuses anything else', () => {
    for (const value of [
      '3f1c9a2b00004000800000000000000',
      '{3f1c9a2b-0000-4000-8000-000000000000}',
      '3f1c9a2b-0000-4000-8000-00000000000g',
      '3f1c9a2b-0000-4000-8000-0000000000000',
      '',
    ])
      expect(Uuid().safeParse(value).success, value).toBe(false);
  });
});
