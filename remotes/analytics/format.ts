import { formatCalendarDay, formatDateTime } from '../../shared/format/date';
import { formatDuration } from '../../shared/format/duration';
import { formatLanguage, LOCALE } from '../../shared/format/locale';
import { formatMoney } from '../../shared/format/money';
import { useAnalyticsTexts } from './i18n';

/**
 * Numbers, money (in the view's currency), durations, days, months and instants in the interface
 * language, with the section's texts.
 */
export function useFormat(currency?: string) {
  const texts = useAnalyticsTexts();
  const locale = LOCALE[formatLanguage(texts.lang)];
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const monthFormat = new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' });
  const monthLongFormat = new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const percent = new Intl.NumberFormat(locale, { style: 'percent', signDisplay: 'exceptZero' });
  const duration = (minutes: number | null) => (minutes === null ? '–' : formatDuration(minutes, texts.lang));
  return {
    ...texts,
    n: (value: number | null) => (value === null ? '–' : number.format(value)),
    money: (cents: number) => formatMoney(cents, texts.lang, currency),
    /** A month (`YYYY-MM`) under a chart's column ("Jan 26"), and in a table ("January 2026"). */
    month: (key: string) => monthFormat.format(new Date(`${key}-01T00:00:00Z`)),
    monthLong: (key: string) => monthLongFormat.format(new Date(`${key}-01T00:00:00Z`)),
    /** A change as a signed percentage ("+12%", German "+12 %"). */
    percent: (ratio: number) => percent.format(ratio),
    day: (day: string) => formatCalendarDay(day, texts.lang),
    instant: (iso: string) => formatDateTime(iso, texts.lang),
    /** A duration in minutes ("1 h 20 min"); `–` when there is none. */
    duration,
    /** A duration in hours, read as `duration`. */
    hours: (value: number | null) => duration(value === null ? null : value * 60),
    days: (value: number | null) =>
      value === null ? '–' : texts.t('units.days', { value: number.format(value) }),
  };
}

export type Format = ReturnType<typeof useFormat>;
