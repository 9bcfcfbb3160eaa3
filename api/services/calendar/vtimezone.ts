import { DateTime } from 'luxon';

/**
 * A VTIMEZONE component for an IANA zone (RFC 5545 §3.6.5), made from the runtime's zone data through
 * luxon, for `ical-generator`'s `timezone.generator`: one observance per offset change between the start of
 * `fromYear` and the end of `toYear` (explicit DTSTART each, no RRULE, so past rule changes are right too),
 * after the offset the range starts in. Parsers that do not know the TZID by name (ical.js) read the
 * event's times from it; Google, Apple and Outlook know the name as well.
 * @example vtimezone('Europe/Berlin', 2026, 2030) // 'BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n…'
 */
export function vtimezone(zone: string, fromYear: number, toYear: number): string {
  const key = `${zone}:${fromYear}:${toYear}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const offsetAt = (ms: number) => DateTime.fromMillis(ms, { zone }).offset;
  const start = DateTime.fromObject({ year: fromYear, month: 1, day: 1 }, { zone: 'UTC' }).toMillis();
  const end = DateTime.fromObject({ year: toYear + 1, month: 1, day: 1 }, { zone: 'UTC' }).toMillis();
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  const observance = (at: number, from: number, to: number) => {
    const kind = DateTime.fromMillis(at, { zone }).isInDST ? 'DAYLIGHT' : 'STANDARD';
    // DTSTART is the local time of the change in the offset before it.
    const local = DateTime.fromMillis(at + from * 60_000, { zone: 'UTC' }).toFormat("yyyyLLdd'T'HHmmss");
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${local}`,
      `TZOFFSETFROM:${offsetText(from)}`,
      `TZOFFSETTO:${offsetText(to)}`,
      `TZNAME:${DateTime.fromMillis(at, { zone }).offsetNameShort ?? offsetText(to)}`,
      `END:${kind}`,
    );
  };
  let previous = offsetAt(start);
  observance(start, previous, previous);
  const step = 86_400_000;
  for (let t = start; t < end; t += step) {
    const next = offsetAt(t + step);
    if (next === previous) continue;
    // The minute of the change, by bisection within the day.
    let lo = t;
    let hi = t + step;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offsetAt(mid) === previous) lo = mid;
      else hi = mid;
    }
    observance(hi, previous, next);
    previous = next;
  }
  lines.push('END:VTIMEZONE');
  const text = `${lines.join('\r\n')}\r\n`;
  cache.set(key, text);
  return text;
}

const cache = new Map<string, string>();

/** `+0100`, `-0430`, `+1030` */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}
