import { expect, it } from 'vitest';

/**
 * The locale-parity checks every locale test uses (the host's and shared texts, each remote's, the portal's):
 * English and German carry the same keys, the same `{{placeholders}}` per key, and no empty text.
 * For tests only (it registers Vitest cases).
 */
export type LocaleTree = { [key: string]: string | LocaleTree };

/** Flattens nested locale JSON to `a.b.c` → text; a prefix ending in `:` names a namespace (`settings:a.b`). */
export function flattenLocale(tree: LocaleTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = !prefix ? key : prefix.endsWith(':') ? `${prefix}${key}` : `${prefix}.${key}`;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flattenLocale(value, path)) out.set(k, v);
  }
  return out;
}

/** The `{{placeholders}}` of a text, sorted. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

/** Keys present in `a` but not in `b`. */
export function missingKeys(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...a.keys()].filter((k) => !b.has(k));
}

/** Keys in both whose placeholders differ. */
export function placeholderMismatches(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...a.keys()]
    .filter((k) => b.has(k))
    .filter((k) => placeholdersOf(a.get(k) ?? '').join() !== placeholdersOf(b.get(k) ?? '').join());
}

/** Keys whose text is empty (or only white space). */
export function emptyTexts(texts: Map<string, string>): string[] {
  return [...texts].filter(([, text]) => text.trim() === '').map(([k]) => k);
}

/** Registers the three parity cases for one set of texts (flattened English and German), inside a `describe`. */
export function itKeepsLocaleParity(en: Map<string, string>, de: Map<string, string>): void {
  it('has exactly the same keys in English and German', () => {
    expect(en.size).toBeGreaterThan(0);
    expect(missingKeys(en, de)).toEqual([]);
    expect(missingKeys(de, en)).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    expect(placeholderMismatches(en, de)).toEqual([]);
  });

  it('leaves no text empty', () => {
    expect([...emptyTexts(en), ...emptyTexts(de)]).toEqual([]);
  });
}
