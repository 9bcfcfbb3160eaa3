import {
  LANGUAGE_STORAGE_KEY,
  type SupportedLanguage,
  toSupportedLanguage,
} from '../../../shared/i18n/languages';
import { safeStore } from '../../../shared/i18n/safe-store';
import signInDe from '../../../shared/portal/locales/sign-in.de.json';
import signInEn from '../../../shared/portal/locales/sign-in.en.json';
import type { Messages } from '../../../shared/portal/translate';

export type { SupportedLanguage };

/**
 * The portal's texts, bundled rather than fetched: the sign-in pages' texts (both languages, ~3 KB gzip)
 * are in the first chunk, so the login page renders without another round trip; the signed-in pages add
 * theirs from their own chunk (`addMessages`). Namespaces (top-level keys) never overlap.
 */
const bundles: Record<SupportedLanguage, Messages[]> = { en: [signInEn], de: [signInDe] };
const merged = new Map<SupportedLanguage, Messages>();

/** Adds a chunk's texts for both languages. */
export function addMessages(messages: Record<SupportedLanguage, Messages>): void {
  bundles.en.push(messages.en);
  bundles.de.push(messages.de);
  merged.clear();
}

/** Every text of one language loaded so far. */
export function messagesFor(lang: SupportedLanguage): Messages {
  let messages = merged.get(lang);
  if (!messages) {
    messages = Object.assign({}, ...bundles[lang]) as Messages;
    merged.set(lang, messages);
  }
  return messages;
}

function isSupported(tag: string | null | undefined): tag is string {
  return /^(en|de)([-_]|$)/i.test(tag ?? '');
}

/** The language the user chose here before (spec §4: stored locally), or null. */
export function storedLanguage(): SupportedLanguage | null {
  const stored = safeStore.get(LANGUAGE_STORAGE_KEY);
  return isSupported(stored) ? toSupportedLanguage(stored) : null;
}

/**
 * Spec §9's detection order: the stored choice, then the browser's languages; null when neither names a
 * supported language (the portal then uses its provider's language, the "page tag" of the spec).
 */
export function detectLanguage(): SupportedLanguage | null {
  const stored = storedLanguage();
  if (stored) return stored;
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  const match = browser.find(isSupported);
  return match ? toSupportedLanguage(match) : null;
}

/** Remembers the user's explicit choice (spec §4: stored locally). */
export function storeLanguageChoice(lang: SupportedLanguage): void {
  safeStore.set(LANGUAGE_STORAGE_KEY, lang);
}

/** Spec §4: the stored choice is removed on sign-out. */
export function forgetLanguageChoice(): void {
  safeStore.remove(LANGUAGE_STORAGE_KEY);
}

/** Keeps `<html lang>` right for screen readers, hyphenation and the API's Accept-Language. */
export function syncHtmlLang(lang: SupportedLanguage): void {
  document.documentElement.lang = lang;
}
