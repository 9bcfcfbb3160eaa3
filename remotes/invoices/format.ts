import { formatQuantity } from '../../shared/contracts/money';
import { formatDate } from '../../shared/format/date';
import { formatLanguage } from '../../shared/format/locale';
import { formatMoney } from '../../shared/format/money';

/**
 * How the invoices section writes money, quantities, rates and days in the interface language. Amounts are
 * integer minor units from the API or `computeTotals`; only the display divides.
 */

/** An amount in its currency: `$1,234.56` / `1.234,56 €`. */
export const money = (amountCents: number, currency: string, lang: string) =>
  formatMoney(amountCents, lang, currency);

/**
 * A calendar date `YYYY-MM-DD` in the interface's pattern, read as local midnight: a day in the calendar,
 * not an instant, so the browser's time zone never moves it.
 */
export const formatDay = (day: string, lang: string) => formatDate(`${day}T00:00:00`, lang);

/** Today in the browser's calendar as `YYYY-MM-DD` (the date input's value, the paid date's default). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The decimal separator of the interface language. */
const decimalComma = (lang: string) => formatLanguage(lang) === 'de';

/** Thousandths as the editor's text: "1.5" / "1,5". */
export function quantityText(quantityMilli: number, lang: string): string {
  const text = formatQuantity(quantityMilli);
  return decimalComma(lang) ? text.replace('.', ',') : text;
}

/** Cents as the editor's text, without grouping: "1234.50" / "1234,50" ("80" for whole amounts). */
export function amountText(cents: number, lang: string): string {
  const whole = Math.trunc(cents / 100);
  const fraction = cents % 100;
  if (fraction === 0) return String(whole);
  return `${whole}${decimalComma(lang) ? ',' : '.'}${String(fraction).padStart(2, '0')}`;
}

/** Basis points as a percentage text: "19" / "7.5" / "7,5". */
export function rateText(rateBp: number, lang: string): string {
  const whole = Math.trunc(rateBp / 100);
  const fraction = String(rateBp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  if (!fraction) return String(whole);
  return `${whole}${decimalComma(lang) ? ',' : '.'}${fraction}`;
}

/** A rate for labels with a narrow space before the sign: "19 %", "7.5 %" / "7,5 %". */
export const ratePercent = (rateBp: number, lang: string) => `${rateText(rateBp, lang)}\u202f%`;
