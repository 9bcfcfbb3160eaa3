import { sectionTexts } from '../../shared/i18n/section-texts';

/** The section's own texts (namespace `analytics`), one chunk per language: only the active one loads. */
export const { useTexts: useAnalyticsTexts } = sectionTexts('analytics', {
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
});
