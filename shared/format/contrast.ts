import type { ColorContrast } from '../contracts/portals';

/*
 * WCAG 2.x contrast of portal brand colours: the API reports it with every portal, and the dashboard uses the
 * same functions to warn while a colour is being picked, before anything is saved.
 */

/** The dark text colour the portal uses on light brand colours (Tailwind gray-900). */
export const DARK_TEXT = '#111827';
/** WCAG 2.x AA minimum for body text. */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * Relative luminance of a `#rrggbb` colour (WCAG 2.x definition, sRGB linearised).
 * @example relativeLuminance('#ffffff') // 1
 */
export function relativeLuminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/**
 * WCAG contrast ratio of two colours, 1 to 21, rounded to two decimals (symmetric in its arguments).
 * @example contrastRatio('#000000', '#ffffff') // 21
 */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100;
}

/**
 * How readable a brand colour is: white and dark text on it, the better of the two, and a warning
 * when white text on it is below 4.5:1. Contrast is symmetric, so the same ratio applies to the colour
 * used for links and headings on the portal's white page, which is why the warning looks at white.
 */
export function colorContrast(hex: string): ColorContrast {
  const whiteText = contrastRatio(hex, '#ffffff');
  const darkText = contrastRatio(hex, DARK_TEXT);
  return {
    whiteText,
    darkText,
    textColor: whiteText >= darkText ? '#ffffff' : DARK_TEXT,
    warning: whiteText < MIN_TEXT_CONTRAST,
  };
}
