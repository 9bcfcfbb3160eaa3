/**
 * The analytics period's rules (issue 29), without zod: the section's first chunk checks a custom range with
 * them before it asks, and the server answers 422 by them (api/services/analytics/period.ts).
 */

/** The first day a period starting on `from` may no longer reach: 5 calendar years later (29 Feb → 1 Mar). */
export function rangeLimit(from: string): string {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + 5, m - 1, d)).toISOString().slice(0, 10);
}

/** Days between two `YYYY-MM-DD` days (`to - from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** What is wrong with the days `from`..`to` as a period (the key of the translated reason), or null. */
export function periodProblem(
  from: string,
  to: string,
): 'validation.endBeforeStart' | 'validation.rangeTooLong' | null {
  if (daysBetween(from, to) < 0) return 'validation.endBeforeStart';
  if (to >= rangeLimit(from)) return 'validation.rangeTooLong';
  return null;
}
