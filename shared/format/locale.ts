/** Spec §9 defaults: English → USD and MM/dd/yyyy; German → EUR and dd.MM.yyyy. */
export type FormatLanguage = 'en' | 'de';

export const LOCALE: Record<FormatLanguage, string> = { en: 'en-US', de: 'de-DE' };
export const DEFAULT_CURRENCY: Record<FormatLanguage, string> = { en: 'USD', de: 'EUR' };

/** Any language tag narrowed to a formatting language (unknown → English). */
export function formatLanguage(lang: string | undefined): FormatLanguage {
  return lang?.toLowerCase().startsWith('de') ? 'de' : 'en';
}
