import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { type TranslateVars, translate } from '../../../shared/portal/translate';
import { messagesFor, type SupportedLanguage, storeLanguageChoice, syncHtmlLang } from './language';

export interface I18n {
  lang: SupportedLanguage;
  t: (key: string, vars?: TranslateVars) => string;
  /** Switches the language; `remember` stores it as the user's choice (spec §4). */
  setLanguage: (lang: SupportedLanguage, opts?: { remember?: boolean }) => void;
}

const I18nContext = createContext<I18n | null>(null);

/** Provides the portal's texts in the current language, starting with `initial`. */
export function I18nProvider({ initial, children }: { initial: SupportedLanguage; children: ReactNode }) {
  const [lang, setLang] = useState(initial);
  const setLanguage = useCallback((next: SupportedLanguage, opts: { remember?: boolean } = {}) => {
    if (opts.remember) storeLanguageChoice(next);
    syncHtmlLang(next);
    setLang(next);
  }, []);
  const value = useMemo<I18n>(
    () => ({
      lang,
      // Looked up at call time: a lazily loaded chunk may have added its texts since.
      t: (key, vars) => translate(messagesFor(lang), lang, key, vars),
      setLanguage,
    }),
    [lang, setLanguage],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/**
 * The portal's texts in the current language.
 * @example const { t } = useI18n(); t('login.title', { portal: 'Acme' })
 */
export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>');
  return value;
}
