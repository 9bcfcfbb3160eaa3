import { formatLanguage, LOCALE } from '../../../../shared/format/locale';

/*
 * An invoice's quantities and tax rates as the client reads them (display only; the amounts themselves are
 * the server's integer cents, formatted with `formatMoney`).
 */

/** Thousandths as a quantity in the language's notation: 1500 → "1.5" (en), "1,5" (de). */
export function formatQuantity(quantityMilli: number, lang: string): string {
  return new Intl.NumberFormat(LOCALE[formatLanguage(lang)], { maximumFractionDigits: 3 }).format(
    quantityMilli / 1000,
  );
}

/** Basis points as a percentage: 1900 → "19%" (en), "19 %" (de); 750 → "7.5%", "7,5 %". */
export function formatTaxRate(rateBp: number, lang: string): string {
  return new Intl.NumberFormat(LOCALE[formatLanguage(lang)], {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(rateBp / 10_000);
}
