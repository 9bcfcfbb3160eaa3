import { formatLanguage } from './locale';

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

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * Relative time for notifications (spec §9: "relative times with 'ago'").
 *
 * @example formatRelativeTime(Date.now() - 5 * 60_000, 'en') // '5 minutes ago'
 * @example formatRelativeTime(Date.now() - 5 * 60_000, 'de') // 'vor 5 Minuten'
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
  const rtf = new Intl.RelativeTimeFormat(language === 'de' ? 'de-DE' : 'en-US', { numeric: 'auto' });
  if (Math.abs(seconds) < 45) return rtf.format(0, 'second');
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.trunc(seconds / size), unit);
  }
  return rtf.format(0, 'second');
}
