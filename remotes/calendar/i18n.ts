import { sectionTexts } from '../../shared/i18n/section-texts';

/** The section's own texts (namespace `calendar`), one chunk per language: only the active one loads. */
export const { useTexts: useCalendarTexts } = sectionTexts('calendar', {
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
});
