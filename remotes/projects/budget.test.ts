import { describe, expect, it } from 'vitest';
import { budgetText, currencySymbol, parseBudget } from './budget';

describe('the budget field', () => {
  it('reads English and German amounts into minor units', () => {
    expect(parseBudget('12,500.5', 'en')).toBe(1_250_050);
    expect(parseBudget('12.500,5', 'de')).toBe(1_250_050);
    expect(parseBudget('$ 1,000', 'en')).toBe(100_000);
    expect(parseBudget('1000 €', 'de')).toBe(100_000);
    expect(parseBudget('EUR 1.000', 'de')).toBe(100_000);
    expect(parseBudget('0', 'en')).toBe(0);
    expect(parseBudget('0.07', 'en')).toBe(7);
  });

  it('is empty for an empty field and NaN for what is not an amount of 0 or more', () => {
    expect(parseBudget('  ', 'en')).toBeNull();
    expect(parseBudget('-5', 'en')).toBeNaN();
    expect(parseBudget('1.234', 'en')).toBeNaN();
    expect(parseBudget('abc', 'en')).toBeNaN();
    expect(parseBudget('12,500.5x', 'en')).toBeNaN();
    expect(parseBudget('1e5', 'en')).toBeNaN();
    expect(parseBudget('1,2,3.4.5', 'en')).toBeNaN();
  });

  it('shows minor units back for editing, and reads them again unchanged', () => {
    expect(budgetText(1_250_050, 'de')).toBe('12.500,50');
    expect(budgetText(1_250_000, 'en')).toBe('12,500');
    expect(budgetText(null, 'en')).toBe('');
    for (const lang of ['en', 'de'])
      expect(parseBudget(budgetText(987_654_321, lang), lang)).toBe(987_654_321);
  });

  it('names the currency in the interface language', () => {
    expect(currencySymbol('USD', 'en')).toBe('$');
    expect(currencySymbol('EUR', 'de')).toBe('€');
  });
});
