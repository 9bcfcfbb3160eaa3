import { DEFAULT_CURRENCY, formatLanguage, LOCALE } from './locale';

/**
 * Formats an amount in minor units (cents) for the interface language. The currency defaults to the
 * language's default (spec §9); whole amounts drop the decimals only when `compact` is set (prices).
 *
 * @example formatMoney(123456, 'en') // '$1,234.56'
 * @example formatMoney(123456, 'de') // '1.234,56 €'
 * @example formatMoney(900, 'en', 'EUR', { compact: true }) // '€9'
 */
export function formatMoney(
  amountCents: number,
  lang: string,
  currency?: string,
  options: { compact?: boolean } = {},
): string {
  const language = formatLanguage(lang);
  const amount = amountCents / 100;
  const whole = options.compact && Number.isInteger(amount);
  return new Intl.NumberFormat(LOCALE[language], {
    style: 'currency',
    currency: (currency ?? DEFAULT_CURRENCY[language]).toUpperCase(),
    minimumFractionDigits: whole ? 0 : undefined,
    maximumFractionDigits: whole ? 0 : undefined,
  }).format(amount);
}
