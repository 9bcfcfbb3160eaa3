/*
 * The form's choice of repetition and the RRULE it stands for (the server expands and checks the rule with
 * the `rrule` library). A weekly rule names the start's weekday; `until` is the last day (`UNTIL=YYYYMMDD`,
 * through that day in the event's zone). A rule the form cannot say (made through the API) is "custom"
 * and kept as it is.
 */

export const REPEATS = ['none', 'daily', 'weekly', 'monthly', 'yearly', 'custom'] as const;
export type Repeat = (typeof REPEATS)[number];

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/** The RRULE of a choice for an event starting on `startDay` (`YYYY-MM-DD`). */
export function ruleOf(repeat: Exclude<Repeat, 'none' | 'custom'>, startDay: string, until: string): string {
  const [y, m, d] = startDay.split('-').map(Number) as [number, number, number];
  const parts = [`FREQ=${repeat.toUpperCase()}`];
  if (repeat === 'weekly') parts.push(`BYDAY=${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}`);
  if (/^\d{4}-\d{2}-\d{2}$/.test(until)) parts.push(`UNTIL=${until.replaceAll('-', '')}`);
  return parts.join(';');
}

/**
 * The form's choice for a stored rule. A timed event's UNTIL is stored as the instant its last day ends in
 * the event's zone (`20270406T035900Z` for 5 April in New York): the day shown is that instant's date in
 * `zone`, not in UTC.
 */
export function repeatOf(rrule: string | null, zone = 'UTC'): { repeat: Repeat; until: string } {
  if (!rrule) return { repeat: 'none', until: '' };
  const parts = Object.fromEntries(rrule.split(';').map((p) => p.split('=') as [string, string]));
  const { FREQ, UNTIL, BYDAY, ...rest } = parts;
  const simple =
    ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'].includes(FREQ ?? '') &&
    Object.keys(rest).length === 0 &&
    (BYDAY === undefined || (FREQ === 'WEEKLY' && /^[A-Z]{2}$/.test(BYDAY)));
  if (!simple) return { repeat: 'custom', until: '' };
  const day = UNTIL ? `${UNTIL.slice(0, 4)}-${UNTIL.slice(4, 6)}-${UNTIL.slice(6, 8)}` : '';
  const time = UNTIL?.match(/^\d{8}T(\d{2})(\d{2})(\d{2})Z$/);
  const until = time
    ? new Date(`${day}T${time[1]}:${time[2]}:${time[3]}Z`).toLocaleDateString('en-CA', { timeZone: zone })
    : day;
  return { repeat: (FREQ ?? '').toLowerCase() as Repeat, until };
}
