import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/react';

/** The section's own texts (namespace `projects`), one chunk per language: only the active one loads. */
const LOCALES: Record<'en' | 'de', () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
};

export const NS = 'projects';

const loading = new Map<string, Promise<void>>();

/** Adds the `projects` bundle of `lang` to the shared i18next instance, once per language. */
export function loadProjectTexts(lang: string): Promise<void> {
  const language = lang.startsWith('de') ? 'de' : 'en';
  let pending = loading.get(language);
  if (!pending) {
    pending = LOCALES[language]().then(
      (module) => {
        i18next.addResourceBundle(language, NS, module.default, true, true);
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
 * `ready` is false until they are there. Keys not in `projects` fall back to the host's main texts
 * (`validation.*`, `errors.*`). Texts that did not load are thrown while rendering, so the host's section
 * outlet shows "section unavailable, retry" (its Retry loads them again) instead of a page of raw keys.
 */
export function useProjectTexts() {
  const translation = useTranslation([NS, 'translation']);
  const lang = translation.i18n.resolvedLanguage ?? translation.i18n.language ?? 'en';
  const [loaded, setLoaded] = useState<{ lang: string; error?: unknown } | null>(() =>
    translation.i18n.hasResourceBundle(lang.startsWith('de') ? 'de' : 'en', NS) ? { lang } : null,
  );
  useEffect(() => {
    let live = true;
    loadProjectTexts(lang).then(
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
