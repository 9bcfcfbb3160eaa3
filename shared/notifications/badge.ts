/**
 * The bell's badge: nothing at 0, '99+' above 99 (spec §9). Apart from `rules.ts`, so the first screen's bell
 * carries no more of the notification rules.
 * @example badgeText(120) // '99+'
 */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}
