/*
 * Calendar days as `YYYY-MM-DD` strings (the URL's `date`, the window's `from`/`to`) and the browser's
 * local time for instants: the views read the window in the browser's zone.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The local day of a Date. */
export const dayOf = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** Local noon of a day (safe from DST edges for day arithmetic). */
export function dateOf(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12);
}

export const todayDay = () => dayOf(new Date());
export const isDay = (value: string | null): value is string =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(dateOf(value).getTime());

export function addDays(day: string, days: number): string {
  const date = dateOf(day);
  date.setDate(date.getDate() + days);
  return dayOf(date);
}

export function addMonths(day: string, months: number): string {
  const date = dateOf(day);
  const target = new Date(date.getFullYear(), date.getMonth() + months, 1, 12);
  const last = new Date(target.getFullYear(), target.getMonth() + 1, 0, 12).getDate();
  target.setDate(Math.min(date.getDate(), last));
  return dayOf(target);
}

/** Monday of the day's week (ISO weeks, as in Germany and most calendars here). */
export function startOfWeek(day: string): string {
  const weekday = (dateOf(day).getDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The 6 × 7 days of a month grid: from the Monday on or before the 1st. */
export function monthGrid(day: string): string[] {
  const first = `${day.slice(0, 7)}-01`;
  const start = startOfWeek(first);
  return Array.from({ length: 42 }, (_, i) => addDays(start, i));
}

/** The days an entry covers that lie within `days`. */
export function daysCovered(entry: { startDay: string; endDay: string }, days: readonly string[]): string[] {
  return days.filter((d) => d >= entry.startDay && d <= entry.endDay);
}

const locale = (lang: string) => (lang.startsWith('de') ? 'de-DE' : 'en-US');

export const monthLabel = (day: string, lang: string) =>
  new Intl.DateTimeFormat(locale(lang), { month: 'long', year: 'numeric' }).format(dateOf(day));
export const weekdayShort = (day: string, lang: string) =>
  new Intl.DateTimeFormat(locale(lang), { weekday: 'short' }).format(dateOf(day));
export const dayLong = (day: string, lang: string) =>
  new Intl.DateTimeFormat(locale(lang), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(dateOf(day));
export const dayShort = (day: string, lang: string) =>
  new Intl.DateTimeFormat(locale(lang), { day: 'numeric', month: 'short' }).format(dateOf(day));
/** 24-hour time of an instant in the browser's zone. */
export const timeOf = (iso: string) => {
  const date = new Date(iso);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
};
