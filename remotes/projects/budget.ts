import { formatLanguage, LOCALE } from '../../shared/format/locale';

/**
 * The budget field's text ↔ minor units. Budgets are whole minor units (cents) of the provider's currency;
 * `shared/format/money` shows them with two decimals, so the field takes at most two.
 */

/**
 * Reads a typed amount in the interface language: English `12,500.50`, German `12.500,50`; spaces and a
 * currency sign or code before or after are ignored. `null` for an empty field, `NaN` for anything that is not an amount ≥ 0.
 *
 * @example parseBudget('12,500.5', 'en') // 1250050
 * @example parseBudget('12.500,5', 'de') // 1250050
 * @example parseBudget('', 'en') // null
 */
export function parseBudget(text: string, lang: string): number | null {
  const bare = text
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/^(?:[A-Za-z]{3}|\p{Sc})/u, '')
    .replace(/(?:[A-Za-z]{3}|\p{Sc})$/u, '');
  if (bare === '') return text.trim() === '' ? null : Number.NaN;
  const [group, decimal] = formatLanguage(lang) === 'de' ? ['.', ','] : [',', '.'];
  const normal = bare.split(group).join('').replace(decimal, '.');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(normal);
  if (!match) return Number.NaN;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * Minor units as the field shows them for editing: grouped, with decimals only when there are cents.
 *
 * @example budgetText(1250050, 'de') // '12.500,50'
 * @example budgetText(1250000, 'en') // '12,500'
 */
export function budgetText(amountCents: number | null | undefined, lang: string): string {
  if (amountCents == null) return '';
  const cents = amountCents % 100 !== 0;
  return new Intl.NumberFormat(LOCALE[formatLanguage(lang)], {
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(amountCents / 100);
}

/** The currency's sign in the interface language (`$`, `€`, `CHF`), shown beside the field. */
export function currencySymbol(currency: string, lang: string): string {
  const parts = new Intl.NumberFormat(LOCALE[formatLanguage(lang)], {
    style: 'currency',
    currency,
  }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}
