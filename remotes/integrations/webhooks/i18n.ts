import { sectionTexts } from '../../../shared/i18n/section-texts';

/** The webhooks panel's texts (namespace `webhooks`), one chunk per language: only the active one loads. */
export const { useTexts: useWebhookTexts } = sectionTexts('webhooks', {
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
});
