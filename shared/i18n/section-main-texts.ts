import type { i18n } from 'i18next';
import i18next from 'i18next';
import { type SupportedLanguage, toSupportedLanguage } from './languages';

/**
 * Main texts that only the dashboard's pages and sections use: the validation messages of their forms,
 * their API errors and the expired plan's banner (`locales/sections.<lang>.json`). They are merged into the
 * main texts under the same keys (`validation.*`, `errors.*`, `dashboard.*`) by {@link loadSectionTexts}, which `sectionTexts` and the dashboard's
 * namespaces (`loadTexts`) call, so the first load of any page carries only what every page needs: the
 * public forms' messages and the generic errors. The server reads both files (`api/http/i18n.ts`).
 */
export const SECTION_TEXTS: Record<SupportedLanguage, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('./locales/sections.en.json'),
  de: () => import('./locales/sections.de.json'),
};

let wanted = false;

/** Whether a page wanted the section texts: a language loaded from then on gets them with its main texts. */
export const sectionTextsWanted = (): boolean => wanted;

/**
 * Merges the section texts of `language` (default: the current one) into the main texts; rejects when they
 * did not load.
 */
export async function loadSectionTexts(instance: i18n = i18next, language?: string): Promise<void> {
  wanted = true;
  const lang = toSupportedLanguage(language ?? instance.resolvedLanguage ?? instance.language);
  const texts = await SECTION_TEXTS[lang]();
  instance.addResourceBundle(lang, 'translation', texts.default, true, true);
}
