import { COUNTRY_CODES } from '../contracts/legal';

/**
 * The ISO 3166-1 alpha-2 countries as select options, named in the interface language by the browser's own
 * `Intl.DisplayNames` and sorted by that name; `none` (the label of the empty choice) first.
 */
export function countryOptions(language: string, none: string): { value: string; label: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  const options = COUNTRY_CODES.map((code) => ({ value: code, label: names?.of(code) ?? code }));
  options.sort((a, b) => a.label.localeCompare(b.label, language));
  return [{ value: '', label: none }, ...options];
}
