import { formatLanguage, LOCALE } from './locale';

/**
 * A duration as a person reads it, in the interface language: the two largest units that matter, minutes
 * under an hour ("45 min"), hours and minutes under a day ("1 h 20 min", "3 h"), days and hours from a day
 * on ("2 d 4 h", rounded to the hour); German "45 Min.", "1 Std. 20 Min.", "2 T. 4 Std.". A number and its
 * unit stay on one line (a no-break space). Intl.DurationFormat would do this, but Node 20 (the server, the
 * unit tests) has none and the browsers' "short" styles differ ("3 hr, 20 min"), so the units are here.
 */
const UNITS = {
  en: { day: 'd', hour: 'h', minute: 'min' },
  de: { day: 'T.', hour: 'Std.', minute: 'Min.' },
} as const;

export function formatDuration(minutes: number, lang: string): string {
  const language = formatLanguage(lang);
  const unit = UNITS[language];
  const number = new Intl.NumberFormat(LOCALE[language], { maximumFractionDigits: 0 });
  const part = (value: number, name: keyof typeof unit) => `${number.format(value)}\u00a0${unit[name]}`;
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return part(total, 'minute');
  if (total < 24 * 60) {
    const rest = total % 60;
    const hours = part(Math.floor(total / 60), 'hour');
    return rest === 0 ? hours : `${hours} ${part(rest, 'minute')}`;
  }
  const hoursTotal = Math.round(total / 60);
  const rest = hoursTotal % 24;
  const days = part(Math.floor(hoursTotal / 24), 'day');
  return rest === 0 ? days : `${days} ${part(rest, 'hour')}`;
}
