import { formatQuantity } from '../../../../shared/contracts/money';
import type { PdfLanguage } from './labels';

/*
 * Numbers on the PDF, per the invoice's language (en-US / de-DE, as the rest of the product: spec §9). Money
 * never passes through a float: the cents become an exact decimal string ("-1234.50") that Intl formats as
 * it is (Intl.NumberFormat takes decimal strings exactly).
 */

const LOCALES: Record<PdfLanguage, string> = { en: 'en-US', de: 'de-DE' };

/** Integer cents → "-1234.50" (exact, any size). */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not an amount in cents: ${cents}`);
  const negative = cents < 0;
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

export interface PdfFormat {
  /** 123450 → "$1,234.50" / "1.234,50 €". */
  money(cents: number): string;
  /** 1500 → "1.5" / "1,5"; 1000000 → "1,000" / "1.000". */
  quantity(milli: number): string;
  /** 1900 → "19 %", 750 → "7.5 %" / "7,5 %". */
  rate(bp: number): string;
  /** "2026-03-12" → "Mar 12, 2026" / "12.03.2026". */
  date(day: string): string;
}

const cache = new Map<string, PdfFormat>();

export function pdfFormat(language: PdfLanguage, currency: string): PdfFormat {
  const key = `${language}:${currency}`;
  const known = cache.get(key);
  if (known) return known;
  const locale = LOCALES[language];
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  // Intl's typings only name numbers and bigints; a decimal string is formatted exactly (ECMA-402 v3).
  const exact = (format: Intl.NumberFormat, value: string) => format.format(value as unknown as number);
  const made: PdfFormat = {
    money: (cents) => exact(money, centsToDecimal(cents)),
    quantity: (milli) => exact(decimal, formatQuantity(milli)),
    rate: (bp) => `${exact(percent, centsToDecimal(bp))}\u00a0%`,
    date: (day) => date.format(new Date(`${day}T00:00:00Z`)),
  };
  cache.set(key, made);
  return made;
}
