/**
 * The period selector's presets (issue 29), as calendar days `YYYY-MM-DD` counted from `today` (the
 * browser's day in the provider's zone): this month, last month, the last 3 and 12 months (whole months
 * back, up to today), the year to date, or a custom range from the URL.
 */
export const PRESETS = ['thisMonth', 'lastMonth', 'last3', 'last12', 'ytd', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

export const isPreset = (value: string | null): value is Preset =>
  value !== null && (PRESETS as readonly string[]).includes(value);

const pad = (n: number) => String(n).padStart(2, '0');
const day = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m, d));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
};

/** The days of a preset, `custom` kept as given. */
export function presetRange(
  preset: Preset,
  today: string,
  custom: { from?: string | null; to?: string | null } = {},
): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const month = m - 1;
  switch (preset) {
    case 'thisMonth':
      return { from: day(y, month, 1), to: today };
    case 'lastMonth':
      return { from: day(y, month - 1, 1), to: day(y, month, 0) };
    case 'last3':
      return { from: day(y, month - 2, 1), to: today };
    case 'last12':
      return { from: day(y, month - 11, 1), to: today };
    case 'ytd':
      return { from: day(y, 0, 1), to: today };
    case 'custom':
      return { from: custom.from || day(y, month, 1), to: custom.to || today };
  }
}

/** Today in `timeZone` as `YYYY-MM-DD` (the browser's zone when it is not given or not known). */
export function todayIn(timeZone: string | undefined, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      now,
    );
  }
}
