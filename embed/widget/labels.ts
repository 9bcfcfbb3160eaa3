import type { WidgetLanguage } from '../../shared/widget/protocol';

/**
 * The runtime's own texts (accessible names, the loading status, and the notice on a website the portal
 * does not allow). They live here rather than in
 * `shared/i18n/locales` because the runtime must stay a few kilobytes: it cannot carry the app's catalogues.
 * `labels.test.ts` keeps en and de in step.
 */
export const LABELS = {
  en: {
    title: 'Client portal',
    open: 'Open client portal',
    close: 'Close',
    loading: 'Loading client portal…',
    refused: "This portal can't be shown on this website.",
    newTab: 'Open the portal in a new tab',
  },
  de: {
    title: 'Kundenportal',
    open: 'Kundenportal öffnen',
    close: 'Schließen',
    loading: 'Kundenportal wird geladen …',
    refused: 'Dieses Portal kann auf dieser Website nicht angezeigt werden.',
    newTab: 'Portal in neuem Tab öffnen',
  },
} satisfies Record<WidgetLanguage, Record<string, string>>;
export type Labels = (typeof LABELS)['en'];

/** The widget's language: the explicit option, else the page's `<html lang>`, else the browser's, else en. */
export function pickLanguage(explicit: unknown, htmlLang: string, browser: string): WidgetLanguage {
  if (explicit === 'en' || explicit === 'de') return explicit;
  const tag = (htmlLang || browser || '').toLowerCase();
  return tag.startsWith('de') ? 'de' : 'en';
}
