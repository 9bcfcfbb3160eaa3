/**
 * The portal's translation function: nested keys (`login.title`), `{{name}}` placeholders and plural forms
 * (`key_one` / `key_other` chosen by `Intl.PluralRules` when `count` is given) — the subset of i18next's
 * format the portal's texts use, so the same JSON shape works. The portal carries this instead of i18next
 * because its sign-in page has a 90 KB gzip JavaScript budget, of which React alone takes about 68 KB.
 */
export type Messages = { [key: string]: string | Messages };
export type TranslateVars = Record<string, string | number>;

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Translates `key` in `messages` (of language `lang`); a missing key returns the key itself (the locale
 * parity test keeps that from happening in a release).
 * @example translate(en, 'en', 'dashboard.greeting', { name: 'Ada' }) // 'Welcome, Ada'
 */
export function translate(messages: Messages, lang: string, key: string, vars?: TranslateVars): string {
  let text: string | undefined;
  if (vars && typeof vars.count === 'number') {
    text = lookup(messages, `${key}_${new Intl.PluralRules(lang).select(vars.count)}`);
    text ??= lookup(messages, `${key}_other`);
  }
  text ??= lookup(messages, key);
  if (text === undefined) return key;
  if (!vars) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}
