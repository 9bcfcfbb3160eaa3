import { sectionTexts } from '../../shared/i18n/section-texts';

/** The section's own texts (namespace `projects`), one chunk per language: only the active one loads. */
export const { useTexts: useProjectTexts } = sectionTexts('projects', {
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
});
