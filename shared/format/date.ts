import { type FormatLanguage, formatLanguage, LOCALE } from './locale';

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Formats a calendar date: MM/dd/yyyy in English, dd.MM.yyyy in German (spec §9), in the browser's time zone.
 * Built by hand rather than with Intl so the pattern is exactly the spec's on every engine.
 *
 * @example formatDate('2026-03-09T12:00:00Z', 'en') // '03/09/2026'
 * @example formatDate('2026-03-09T12:00:00Z', 'de') // '09.03.2026'
 */
export function formatDate(value: Date | string | number, lang: string): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const dd = pad(date.getDate());
  const mm = pad(date.getMonth() + 1);
  const yyyy = String(date.getFullYear()).padStart(4, '0');
  return formatLanguage(lang) === 'de' ? `${dd}.${mm}.${yyyy}` : `${mm}/${dd}/${yyyy}`;
}

/**
 * A moment with its time of day (24 h, the browser's time zone): `formatDate` and `HH:mm`, e.g. when a quote
 * was accepted (issue 28).
 * @example formatDateTime(new Date(2026, 2, 9, 14, 5), 'de') // '09.03.2026, 14:05'
 */
export function formatDateTime(value: Date | string | number, lang: string): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(date, lang)}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * Under a minute away (a sign-in seconds ago, or a clock a little ahead of ours). Intl's own word for it is
 * "now" / "jetzt", which reads wrong after a label such as "Last portal login".
 */
const JUST_NOW: Record<FormatLanguage, string> = { en: 'just now', de: 'gerade eben' };

/**
 * Relative time for notifications, sessions, sign-ins and checks (spec §9: "relative times with 'ago'"),
 * the same wording everywhere in the app: always a number with 'ago' ("1 day ago", never "yesterday").
 *
 * @example formatRelativeTime(Date.now() - 5 * 60_000, 'en') // '5 minutes ago'
 * @example formatRelativeTime(Date.now() - 5 * 60_000, 'de') // 'vor 5 Minuten'
 * @example formatRelativeTime(Date.now() - 10_000, 'de') // 'gerade eben'
 */
export function formatRelativeTime(
  value: Date | string | number,
  lang: string,
  now: number = Date.now(),
): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const language = formatLanguage(lang);
  const seconds = Math.round((date.getTime() - now) / 1000);
  if (Math.abs(seconds) < 60) return JUST_NOW[language];
  const rtf = new Intl.RelativeTimeFormat(LOCALE[language], { numeric: 'always' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.trunc(seconds / size), unit);
  }
  return JUST_NOW[language];
}

/** What a date field shows as its placeholder: the language's pattern (spec §9) in its own words. */
export const DATE_FIELD_PATTERN: Record<FormatLanguage, string> = { en: 'MM/DD/YYYY', de: 'TT.MM.JJJJ' };

/**
 * A calendar day (`YYYY-MM-DD`) in the language's notation, never shifted by a time zone; anything else
 * (a half-typed or wrong value) as it is.
 * @example formatCalendarDay('2026-03-09', 'de') // '09.03.2026'
 */
export function formatCalendarDay(day: string, lang: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, yyyy, mm, dd] = match;
  return formatLanguage(lang) === 'de' ? `${dd}.${mm}.${yyyy}` : `${mm}/${dd}/${yyyy}`;
}

/**
 * What a person typed as a date, in the language's notation (`9.3.2026` in German, `3/9/2026` in English;
 * ISO `2026-03-09` in both), as the calendar day `YYYY-MM-DD`; null for text that is not a real day
 * (`30.02.2026`, a two-digit year, letters).
 * @example parseCalendarDay(' 9.3.2026 ', 'de') // '2026-03-09'
 */
export function parseCalendarDay(text: string, lang: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const local =
    formatLanguage(lang) === 'de'
      ? /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value)
      : /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  let parts: [number, number, number] | null = null;
  if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (local && formatLanguage(lang) === 'de')
    parts = [Number(local[3]), Number(local[2]), Number(local[1])];
  else if (local) parts = [Number(local[3]), Number(local[1]), Number(local[2])];
  if (!parts) return null;
  const [year, month, day] = parts;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    year < 1 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return null;
  }
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
}
