import i18next, { type BackendModule, type i18n, type LanguageDetectorModule } from 'i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  SUPPORTED_LANGUAGES,
  type SupportedLanguage,
  toSupportedLanguage,
} from './languages';
import { initReactI18next } from './react';
import { safeStore } from './safe-store';
import { loadSectionTexts, SECTION_TEXTS, sectionTextsWanted } from './section-main-texts';

export { loadSectionTexts };

/** Each language's texts are their own chunk: a page downloads only the language it shows (spec §9). */
const LOCALES: Record<SupportedLanguage, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
};

/** Namespaces whose pages have forms and API errors of their own: they bring the section texts. */
const WITH_SECTION_TEXTS = new Set(['settings', 'portals', 'docs', 'messages']);

type Texts = Record<string, unknown>;
/** `base` with `extra`'s groups merged in (one level deep: `validation`, `errors`, `dashboard`). */
function mergeTexts(base: Texts, extra: Texts): Texts {
  const merged: Texts = { ...base };
  for (const [group, texts] of Object.entries(extra)) {
    merged[group] = { ...(base[group] as Texts | undefined), ...(texts as Texts) };
  }
  return merged;
}

/**
 * Namespaces loaded with the page that needs them (`i18next.loadNamespaces`), not with every first load:
 * their keys are read as `namespace:key`.
 */
const NAMESPACES: Record<
  string,
  Record<SupportedLanguage, () => Promise<{ default: Record<string, unknown> }>>
> = {
  landing: {
    en: () => import('./locales/landing.en.json'),
    de: () => import('./locales/landing.de.json'),
  },
  // The public pages' texts beyond the landing page (sign-up success, verification, waitlist, legal).
  public: {
    en: () => import('./locales/public.en.json'),
    de: () => import('./locales/public.de.json'),
  },
  settings: {
    en: () => import('./locales/settings.en.json'),
    de: () => import('./locales/settings.de.json'),
  },
  portals: {
    en: () => import('./locales/portals.en.json'),
    de: () => import('./locales/portals.de.json'),
  },
  docs: {
    en: () => import('./locales/docs.en.json'),
    de: () => import('./locales/docs.de.json'),
  },
  // The notification sheet's texts (the bell's own label is in the main texts).
  notifications: {
    en: () => import('./locales/notifications.en.json'),
    de: () => import('./locales/notifications.de.json'),
  },
  messages: {
    en: () => import('./locales/messages.en.json'),
    de: () => import('./locales/messages.de.json'),
  },
};

/** Why a namespace's texts did not load (its chunk failed), by namespace: i18next only logs it. */
const loadFailures = new Map<string, Error>();

const bundledLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const lang = language as SupportedLanguage;
    const main = NAMESPACES[namespace] ? undefined : LOCALES[lang];
    const load: (() => Promise<{ default: Texts }>) | undefined =
      main && sectionTextsWanted()
        ? () =>
            Promise.all([main(), SECTION_TEXTS[lang]()]).then(([core, sections]) => ({
              default: mergeTexts(core.default, sections.default),
            }))
        : (NAMESPACES[namespace]?.[lang] ?? main);
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (cause: unknown) => {
        const error = cause instanceof Error ? cause : new Error(String(cause));
        loadFailures.set(namespace, error);
        callback(error, false);
      },
    );
  },
};

/**
 * Why the active language's texts of `namespace` are missing (their chunk failed to load), or null when
 * they are there. i18next itself resolves anyway and would render every text as its raw key.
 */
export function missingTexts(namespace = 'translation', instance: i18n = i18next): Error | null {
  const lang = toSupportedLanguage(instance.language);
  if (instance.hasResourceBundle(lang, namespace)) return null;
  return loadFailures.get(namespace) ?? new Error(`The ${lang} texts (${namespace}) did not load`);
}

/**
 * Loads a namespace's texts for the page that needs them; rejects when they did not load, so the page's
 * error boundary shows the error screen (its Refresh Page loads them again) instead of a page of raw keys.
 * @example lazy(() => Promise.all([import('./page'), loadTexts('public')]).then(([m]) => m))
 */
export async function loadTexts(namespace: string, instance: i18n = i18next): Promise<void> {
  await Promise.all([
    instance.loadNamespaces(namespace),
    WITH_SECTION_TEXTS.has(namespace) ? loadSectionTexts(instance) : undefined,
  ]);
  const missing = missingTexts(namespace, instance);
  if (missing) throw missing;
}

/**
 * Spec §9's detection order: the stored choice, the browser's languages, `<html lang>`; i18next takes the
 * first supported one. (i18next-browser-languagedetector did the same in 2 KB more of every first load.)
 */
const detector: LanguageDetectorModule = {
  type: 'languageDetector',
  init() {},
  detect() {
    const nav = typeof navigator === 'undefined' ? undefined : navigator;
    const candidates = [
      safeStore.get(LANGUAGE_STORAGE_KEY),
      ...(nav?.languages ?? []),
      nav?.language,
      typeof document === 'undefined' ? undefined : document.documentElement.lang,
    ];
    return candidates.filter((tag): tag is string => Boolean(tag));
  },
  cacheUserLanguage() {},
};

let ready: Promise<i18n> | null = null;

/**
 * Browser i18n for the host, remotes and portal. i18next and react-i18next are MF singletons, so the host
 * initialises once and remotes reuse the same instance via `useTranslation()`.
 *
 * Detection order (spec §9): stored choice, browser, `<html lang>` (`detector` above); the stored choice
 * goes through `safeStore`, which never throws in blocked storage.
 * Resolves once the active language's texts are loaded (only that language, plus English as fallback);
 * render after it.
 */
export function initI18n(instance: i18n = i18next): Promise<i18n> {
  if (ready && instance === i18next) return ready;
  const init = instance
    .use(detector)
    .use(bundledLocales)
    .use(initReactI18next)
    .init({
      supportedLngs: SUPPORTED_LANGUAGES,
      nonExplicitSupportedLngs: false,
      load: 'languageOnly',
      fallbackLng: DEFAULT_LANGUAGE,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    })
    .then(() => {
      // `language` when its texts did not load (no resolved language): the page is still in that language.
      syncHtmlLang(instance.resolvedLanguage ?? instance.language ?? DEFAULT_LANGUAGE);
      instance.on('languageChanged', (lng) => syncHtmlLang(lng));
      return instance;
    });
  if (instance === i18next) ready = init;
  return init;
}

/** Switches the language on the user's request and remembers the choice (spec §4). */
export async function chooseLanguage(lang: SupportedLanguage, instance: i18n = i18next): Promise<void> {
  safeStore.set(LANGUAGE_STORAGE_KEY, lang);
  await instance.changeLanguage(lang);
}

/** Forgets the stored choice; spec §4 removes it on sign-out. */
export function forgetLanguageChoice(): void {
  safeStore.remove(LANGUAGE_STORAGE_KEY);
}

/** The current language narrowed to a supported one. */
export function currentLanguage(instance: i18n = i18next): SupportedLanguage {
  return instance.resolvedLanguage === 'de' ? 'de' : 'en';
}

function syncHtmlLang(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng.startsWith('de') ? 'de' : 'en';
}
