/** Interface languages (spec §1, §9). English is the default and the fallback for missing keys. */
export const SUPPORTED_LANGUAGES = ['en', 'de'] as const;
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: SupportedLanguage = 'en';

/** localStorage key of the user's explicit choice (spec §4: stored locally, removed on sign-out). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** Narrows any language tag (`de-AT`, `en_US`) to a supported language. */
export function toSupportedLanguage(tag: string | null | undefined): SupportedLanguage {
  const base = (tag ?? '').toLowerCase().split(/[-_]/)[0];
  return base === 'de' ? 'de' : DEFAULT_LANGUAGE;
}
