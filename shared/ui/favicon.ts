import { escapeMarkup } from '../format/markup';

/**
 * Tab icons, as SVG. Every page's HTML names the platform's icon inline (`PLATFORM_ICON`, a data URI put
 * in by `rsbuild.config.ts`), so no page asks for `/favicon.ico`; a portal's pages name the portal's own
 * instead (`GET /api/portal/{id}/icon`, drawn by `portalIconSvg`: the first letter of its name on its
 * primary colour), so a client's browser tab shows the provider's portal, not the platform.
 */
const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`;

/** The platform's icon (its indigo tile with a plus) as a data URI, safe inside an HTML attribute. */
export const PLATFORM_ICON = `data:image/svg+xml,${encodeURIComponent(
  svg(
    '<rect width="32" height="32" rx="8" fill="#4f46e5"/><path d="M9 16h14M16 9v14" stroke="#fff" stroke-width="3" stroke-linecap="round"/>',
  ),
)}`;

/**
 * A portal's icon: the first character of its name (upper case when that stays one character) in
 * `foreground` on a `background` tile; a blank name gives the plain tile.
 */
export function portalIconSvg(name: string, background: string, foreground: string): string {
  const first = Array.from(name.trim())[0] ?? '';
  const upper = first.toUpperCase();
  const letter = Array.from(upper).length === 1 ? upper : first;
  const tile = `<rect width="32" height="32" rx="8" fill="${escapeMarkup(background)}"/>`;
  if (!letter) return svg(tile);
  return svg(
    `${tile}<text x="16" y="16" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="21" font-weight="700" fill="${escapeMarkup(foreground)}">${escapeMarkup(letter)}</text>`,
  );
}
