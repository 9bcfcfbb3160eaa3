import type { WidgetLanguage } from './protocol';

/**
 * The runtime's own texts (accessible names and the loading status). They live here rather than in
 * `shared/i18n/locales` because the runtime must stay a few kilobytes: it cannot carry the app's catalogues.
 * `labels.test.ts` keeps en and de in step.
 */
export const LABELS = {
  en: {
    title: 'Client portal',
    open: 'Open client portal',
    close: 'Close',
    loading: 'Loading client portal…',
  },
  de: {
    title: 'Kundenportal',
    open: 'Kundenportal öffnen',
    close: 'Schließen',
    loading: 'Kundenportal wird geladen …',
  },
} satisfies Record<WidgetLanguage, Record<string, string>>;
export type Labels = (typeof LABELS)['en'];

/** The widget's language: the explicit option, else the page's `<html lang>`, else the browser's, else en. */
export function pickLanguage(explicit: unknown, htmlLang: string, browser: string): WidgetLanguage {
  if (explicit === 'en' || explicit === 'de') return explicit;
  const tag = (htmlLang || browser || '').toLowerCase();
  return tag.startsWith('de') ? 'de' : 'en';
}
