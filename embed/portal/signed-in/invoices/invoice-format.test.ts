import { describe, expect, it } from 'vitest';
import { formatQuantity, formatTaxRate } from './invoice-format';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('invoice quantities and tax rates', () => {
  it('writes quantities in the language’s notation', () => {
    expect(formatQuantity(1500, 'en')).toBe('1.5');
    expect(formatQuantity(1500, 'de')).toBe('1,5');
    expect(formatQuantity(2000, 'de')).toBe('2');
    expect(formatQuantity(1, 'en')).toBe('0.001');
    expect(formatQuantity(1_234_000, 'de')).toBe('1.234');
  });

  it('writes tax rates as percentages', () => {
    expect(formatTaxRate(1900, 'en')).toBe('19%');
    expect(plain(formatTaxRate(1900, 'de'))).toBe('19 %');
    expect(plain(formatTaxRate(750, 'de'))).toBe('7,5 %');
    expect(formatTaxRate(1225, 'en')).toBe('12.25%');
  });
});
