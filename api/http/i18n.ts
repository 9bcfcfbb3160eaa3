import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';

export type Lang = 'en' | 'de';
export const LANGS: readonly Lang[] = ['en', 'de'];

const localesDir = join(dirname(fileURLToPath(import.meta.url)), '../../shared/i18n/locales');

function read(file: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(join(localesDir, file), 'utf8'));
  } catch {
    return {};
  }
}

/**
 * The frontends' texts (the main ones with the sections' part) plus the server-only ones, never shipped to a browser: the e-mails'
 * (`mail.<lang>.json`) and the API errors only API callers, the portal and the widget meet
 * (`api.<lang>.json`: its `errors` merged into the frontends', and what only the server renders, such as
 * activity titles).
 */
function load(lang: Lang): Record<string, unknown> {
  type Groups = Record<string, Record<string, unknown> | undefined>;
  const base = read(`${lang}.json`) as Groups;
  // The main texts only the dashboard's sections use (the browser loads them with a section).
  const sections = read(`sections.${lang}.json`) as Groups;
  const { errors, ...serverOnly } = read(`api.${lang}.json`) as Groups;
  const merged: Groups = { ...base };
  for (const [group, texts] of Object.entries(sections)) merged[group] = { ...base[group], ...texts };
  return { ...merged, ...read(`mail.${lang}.json`), ...serverOnly, errors: { ...merged.errors, ...errors } };
}

/** The server reads the same locale files as the frontends, so an error reads the same everywhere. */
const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  resources: { en: { translation: load('en') }, de: { translation: load('de') } },
  fallbackLng: 'en',
  supportedLngs: LANGS,
  interpolation: { escapeValue: false },
  returnNull: false,
});

const fixed: Record<Lang, TFunction> = { en: instance.getFixedT('en'), de: instance.getFixedT('de') };

/** Translates `key` for `lang`; unknown keys come back as the key itself. */
export function translate(lang: Lang, key: string, vars?: Record<string, unknown>): string {
  return fixed[lang](key, vars ?? {}) as string;
}

/**
 * Picks en or de from an Accept-Language header (first supported tag by quality); English by default.
 * @example pickLanguage('de-DE,de;q=0.9,en;q=0.8') // 'de'
 */
export function pickLanguage(header: string | undefined | null): Lang {
  if (!header) return 'en';
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((t) => t.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    const base = tag.split('-')[0];
    if (base === 'de' || base === 'en') return base;
  }
  return 'en';
}
