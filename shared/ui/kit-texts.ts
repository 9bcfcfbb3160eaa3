import { useSyncExternalStore } from 'react';

/**
 * The section kit's own words (data table, list toolbar, dialogs), in both languages, bundled with the kit
 * rather than kept in a locale file: every section and the portal get them without loading a namespace,
 * and no section repeats them. The language is the document's (`<html lang>`, which the dashboard's and
 * the portal's i18n keep in step with the chosen language). `kit-texts.test.ts` keeps en and de in step.
 * Plural texts carry `_one` / `_other` (i18next's suffixes), chosen by `Intl.PluralRules`.
 */
export const KIT_TEXTS = {
  en: {
    loading: 'Loading…',
    loadMore: 'Load more',
    shown_one: '{{count}} shown',
    shown_other: '{{count}} shown',
    shownOf: '{{shown}} of {{total}} shown',
    loadFailedBody: 'Check your connection and try again.',
    retry: 'Try again',
    sortBy: 'Sort by',
    ascending: 'Ascending',
    descending: 'Descending',
    order: 'Order',
    all: 'All ({{count}})',
    statusCount: '{{status}} ({{count}})',
    cancel: 'Cancel',
    save: 'Save',
    delete: 'Delete',
    failed: 'Something went wrong. Please try again.',
  },
  de: {
    loading: 'Wird geladen…',
    loadMore: 'Mehr laden',
    shown_one: '{{count}} angezeigt',
    shown_other: '{{count}} angezeigt',
    shownOf: '{{shown}} von {{total}} angezeigt',
    loadFailedBody: 'Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    retry: 'Erneut versuchen',
    sortBy: 'Sortieren nach',
    ascending: 'Aufsteigend',
    descending: 'Absteigend',
    order: 'Reihenfolge',
    all: 'Alle ({{count}})',
    statusCount: '{{status}} ({{count}})',
    cancel: 'Abbrechen',
    save: 'Speichern',
    delete: 'Löschen',
    failed: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
  },
} as const satisfies Record<'en' | 'de', Record<string, string>>;

type Texts = (typeof KIT_TEXTS)['en'];
/** A kit text's key; a plural one without its suffix (`shown`, with `count`). */
export type KitKey = {
  [K in keyof Texts]: K extends `${infer Base}_${'one' | 'other'}` ? Base : K;
}[keyof Texts];
export type KitLanguage = keyof typeof KIT_TEXTS;
export type KitT = (key: KitKey, values?: Record<string, string | number>) => string;

/** `key` in `lang`, its `{{placeholders}}` filled; with a numeric `count`, the plural form. */
export function kitText(
  lang: KitLanguage,
  key: KitKey,
  values: Record<string, string | number> = {},
): string {
  const texts: Record<string, string> = KIT_TEXTS[lang];
  const count = values.count;
  const text =
    typeof count === 'number'
      ? (texts[`${key}_${new Intl.PluralRules(lang).select(count)}`] ?? texts[`${key}_other`] ?? texts[key])
      : texts[key];
  return (text ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

const documentLanguage = (): KitLanguage =>
  typeof document !== 'undefined' && document.documentElement.lang.startsWith('de') ? 'de' : 'en';

function subscribe(changed: () => void) {
  const observer = new MutationObserver(changed);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  return () => observer.disconnect();
}

/** The kit's `t` in the document's language; re-renders when the language changes. */
export function useKitTexts(): KitT {
  const lang = useSyncExternalStore(subscribe, documentLanguage, () => 'en' as const);
  return (key, values) => kitText(lang, key, values);
}
