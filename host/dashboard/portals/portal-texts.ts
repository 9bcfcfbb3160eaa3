import { useEffect, useState } from 'react';
import { type Messages, type TranslateVars, translate } from '../../../shared/portal/translate';

type Lang = 'en' | 'de';
type Loader = () => Promise<{ default: Messages }[]>;

/**
 * The portal's own texts (its locale files in `shared/portal/locales`: the sign-in pages' and the
 * signed-in pages'), so the editor's preview says exactly what a client reads, word for word, instead of a
 * copy that could drift. Only the dashboard's current language is loaded, with the editor's first render
 * of the preview.
 */
const LOADERS: Record<Lang, Loader> = {
  en: () =>
    Promise.all([
      import('../../../shared/portal/locales/sign-in.en.json'),
      import('../../../shared/portal/locales/portal.en.json'),
    ]),
  de: () =>
    Promise.all([
      import('../../../shared/portal/locales/sign-in.de.json'),
      import('../../../shared/portal/locales/portal.de.json'),
    ]),
};

const loaded = new Map<Lang, Promise<Messages>>();

function load(lang: Lang): Promise<Messages> {
  let pending = loaded.get(lang);
  if (!pending) {
    pending = LOADERS[lang]().then((modules) => Object.assign({}, ...modules.map((m) => m.default)));
    pending.catch(() => loaded.delete(lang));
    loaded.set(lang, pending);
  }
  return pending;
}

/** The portal's texts in `lang` as the portal translates them; null until they are loaded. */
export function usePortalTexts(lang: Lang): ((key: string, vars?: TranslateVars) => string) | null {
  const [messages, setMessages] = useState<{ lang: Lang; messages: Messages } | null>(null);
  useEffect(() => {
    let current = true;
    load(lang).then(
      (m) => current && setMessages({ lang, messages: m }),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [lang]);
  if (messages?.lang !== lang) return null;
  return (key, vars) => translate(messages.messages, lang, key, vars);
}
