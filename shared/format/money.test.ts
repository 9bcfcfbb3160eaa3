import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('uses USD in English and EUR in German by default', () => {
    expect(formatMoney(123456, 'en')).toBe('$1,234.56');
    expect(formatMoney(123456, 'de')).toBe('1.234,56\u00a0€');
  });

  it('honours an explicit currency in the language format', () => {
    expect(formatMoney(900, 'en', 'EUR')).toBe('€9.00');
    expect(formatMoney(900, 'de', 'usd')).toBe('9,00\u00a0$');
  });

  it('drops the decimals of whole prices when compact', () => {
    expect(formatMoney(900, 'en', 'EUR', { compact: true })).toBe('€9');
    expect(formatMoney(900, 'de', 'EUR', { compact: true })).toBe('9\u00a0€');
    expect(formatMoney(950, 'en', 'EUR', { compact: true })).toBe('€9.50');
  });

  it('treats regional tags and unknown languages sensibly', () => {
    expect(formatMoney(100, 'de-AT')).toBe('1,00\u00a0€');
    expect(formatMoney(100, 'fr')).toBe('$1.00');
  });
});
