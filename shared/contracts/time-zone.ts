import { text } from './common';

/** Whether the runtime knows `zone` as an IANA time zone (aliases too); offsets and abbreviations are refused. */
export function isKnownTimeZone(zone: string): boolean {
  if (zone === 'UTC') return true;
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(zone) || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name (`Europe/Berlin`, `America/New_York`, `UTC`); 422 `validation.timeZoneInvalid`. */
export const TimeZone = text()
  .max(64, { error: 'validation.timeZoneInvalid' })
  .trim()
  .refine(isKnownTimeZone, { error: 'validation.timeZoneInvalid' })
  .meta({ description: 'IANA time zone name.', example: 'Europe/Berlin' });

/** The browser's own zone, or UTC when it names none the API accepts. */
export function browserTimeZone(): string {
  try {
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isKnownTimeZone(zone) ? zone : 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The zones the browser knows (the API checks the same way), with `current` kept in front when it is not among them. */
export function timeZoneOptions(current: string): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : [];
  const all = zones.includes('UTC') ? zones : [...zones, 'UTC'];
  return current && !all.includes(current) ? [current, ...all] : all;
}
