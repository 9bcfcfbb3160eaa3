import { formatDate } from '../format/date';
import { formatLanguage, LOCALE } from '../format/locale';

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/**
 * A message's time of day in the viewer's language (`3:05 PM` in English, `15:05` in German).
 * @example formatTimeOfDay('2026-03-09T15:05:00', 'de') // '15:05'
 */
export function formatTimeOfDay(value: string | Date, lang: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALE[formatLanguage(lang)], { hour: 'numeric', minute: '2-digit' }).format(
    date,
  );
}

/** Which day a message belongs to, for the thread's day separators: today, yesterday, or its date. */
export function dayLabel(
  value: string | Date,
  lang: string,
  words: { today: string; yesterday: string },
  now: Date = new Date(),
): string {
  const date = new Date(value);
  if (sameDay(date, now)) return words.today;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(date, yesterday)) return words.yesterday;
  return formatDate(date, lang);
}

/** The day key of a timestamp in local time, to start a new day group. */
export function dayKey(value: string | Date): string {
  const date = new Date(value);
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}
