import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { type SupportedLanguage, toSupportedLanguage } from './languages';
import { useTranslation } from './react';
import { loadSectionTexts } from './section-main-texts';

/** A section's locale files, one chunk per language: `() => import('./locales/en.json')`. */
export type SectionLocales = Record<SupportedLanguage, () => Promise<{ default: Record<string, unknown> }>>;

/**
 * The texts of a dashboard section (a remote) under its own i18n namespace, added to the shared i18next
 * instance (the host's singleton) when first needed, only the active language. Every remote declares its
 * texts with this (`remotes/<name>/i18n.ts`):
 * @example export const { useTexts: useClientTexts } = sectionTexts('clients', { en: () => import('./locales/en.json'), de: … });
 */
export function sectionTexts(namespace: string, locales: SectionLocales) {
  const loading = new Map<string, Promise<void>>();

  /** Adds the namespace's bundle of `lang` to the shared i18next instance, once per language. */
  function load(lang: string): Promise<void> {
    const language = toSupportedLanguage(lang);
    let pending = loading.get(language);
    if (!pending) {
      pending = Promise.all([locales[language](), loadSectionTexts(i18next, language)]).then(
        ([module]) => {
          i18next.addResourceBundle(language, namespace, module.default, true, true);
        },
        (error: unknown) => {
          loading.delete(language);
          throw error;
        },
      );
      loading.set(language, pending);
    }
    return pending;
  }

  /**
   * `t` of the section with its texts loaded for the current language (and reloaded when it changes);
   * `ready` is false until they are there. Keys not in the namespace fall back to the host's main texts
   * (`validation.*`, `errors.*`, with the section texts `loadSectionTexts` adds to them). Texts that did not load are thrown while rendering, so the host's section
   * outlet shows "section unavailable, retry" (its Retry loads them again) instead of a page of raw keys.
   */
  function useTexts() {
    // `nsMode: 'fallback'`: a key missing in the section's namespace is looked up in the main texts
    // (react-i18next's default binds `t` to the first namespace only, which rendered e.g. the pre-send
    // check's `legal.missing.*` keys, kept in the main texts for the server too, as raw keys).
    const translation = useTranslation([namespace, 'translation'], { nsMode: 'fallback' });
    const lang = translation.i18n.resolvedLanguage ?? translation.i18n.language ?? 'en';
    const [loaded, setLoaded] = useState<{ lang: string; error?: unknown } | null>(() =>
      translation.i18n.hasResourceBundle(toSupportedLanguage(lang), namespace) ? { lang } : null,
    );
    useEffect(() => {
      let live = true;
      load(lang).then(
        () => live && setLoaded({ lang }),
        (error: unknown) => live && setLoaded({ lang, error: error ?? new Error('texts not loaded') }),
      );
      return () => {
        live = false;
      };
    }, [lang]);
    if (loaded?.lang === lang && loaded.error) throw loaded.error;
    return { ...translation, lang, ready: loaded?.lang === lang };
  }

  return { namespace, load, useTexts };
}
