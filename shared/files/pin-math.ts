/*
 * The geometry of pins: a pin is a point of a page, stored as fractions of the page's width and height
 * (0 to 1 from the top-left corner, the contract's `x`, `y`), so it stays on the same spot whatever size
 * the page is shown at, and maps onto the PDF's own coordinates for "download with feedback".
 */

export type PinPoint = { x: number; y: number };
type Box = { left: number; top: number; width: number; height: number };

/** Keeps a fraction inside the page and to 4 decimals (a tenth of a pixel on a 1000 px page). */
export const clampFraction = (value: number): number =>
  Number.isFinite(value) ? Math.round(Math.min(1, Math.max(0, value)) * 10_000) / 10_000 : 0;

/**
 * The point of a click (viewport coordinates) on the page's box (`getBoundingClientRect()`), or null when
 * the box has no size.
 * @example pointInBox(150, 75, { left: 100, top: 50, width: 200, height: 100 }) // { x: 0.25, y: 0.25 }
 */
export function pointInBox(clientX: number, clientY: number, box: Box): PinPoint | null {
  if (box.width <= 0 || box.height <= 0) return null;
  return {
    x: clampFraction((clientX - box.left) / box.width),
    y: clampFraction((clientY - box.top) / box.height),
  };
}

/** Where a pin's marker goes: CSS percentages of the page's box. */
export const pinPosition = (point: PinPoint): { left: string; top: string } => ({
  left: `${point.x * 100}%`,
  top: `${point.y * 100}%`,
});

/** Arrow-key steps of the keyboard cursor: 2 % of the page, 10 % with Shift. */
export const KEY_STEP = 0.02;
export const KEY_STEP_LARGE = 0.1;

/**
 * The keyboard cursor after an arrow key (placing a pin without a mouse), or null for any other key.
 * @example movePoint({ x: 0.5, y: 0.5 }, 'ArrowLeft', false) // { x: 0.48, y: 0.5 }
 */
export function movePoint(point: PinPoint, key: string, large: boolean): PinPoint | null {
  const step = large ? KEY_STEP_LARGE : KEY_STEP;
  switch (key) {
    case 'ArrowLeft':
      return { x: clampFraction(point.x - step), y: point.y };
    case 'ArrowRight':
      return { x: clampFraction(point.x + step), y: point.y };
    case 'ArrowUp':
      return { x: point.x, y: clampFraction(point.y - step) };
    case 'ArrowDown':
      return { x: point.x, y: clampFraction(point.y + step) };
    default:
      return null;
  }
}

/**
 * The size a page is drawn at to fit `max` (keeping its aspect ratio, never larger than `natural`).
 * @example fitInto({ width: 2000, height: 1000 }, { width: 800, height: 800 }) // { width: 800, height: 400 }
 */
export function fitInto(
  natural: { width: number; height: number },
  max: { width: number; height: number },
): { width: number; height: number } {
  if (natural.width <= 0 || natural.height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, max.width / natural.width, max.height / natural.height);
  return { width: Math.round(natural.width * scale), height: Math.round(natural.height * scale) };
}

/**
 * The pins of one version's page with their numbers: numbered 1, 2, … per version in the order they were
 * made (the same numbers in the list, on the page and in the annotated PDF), then filtered to `page`.
 */
export function numberedPins<P extends { versionId: string; page: number; createdAt: string }>(
  pins: readonly P[],
  versionId: string,
): (P & { number: number })[] {
  return pins
    .filter((pin) => pin.versionId === versionId)
    .map((pin, index) => ({ pin, index }))
    .sort((a, b) => a.pin.createdAt.localeCompare(b.pin.createdAt) || a.index - b.index)
    .map(({ pin }, index) => ({ ...pin, number: index + 1 }));
}
