import { describe, expect, it } from 'vitest';
import { clampFraction, fitInto, movePoint, numberedPins, pinPosition, pointInBox } from './pin-math';

describe('pin coordinates', () => {
  it('turns a click into fractions of the page, from the top-left corner', () => {
    const box = { left: 100, top: 50, width: 200, height: 100 };
    expect(pointInBox(150, 75, box)).toEqual({ x: 0.25, y: 0.25 });
    expect(pointInBox(300, 150, box)).toEqual({ x: 1, y: 1 });
  });

  it('keeps a point on the page when the click lands on its edge or outside', () => {
    const box = { left: 0, top: 0, width: 100, height: 100 };
    expect(pointInBox(-5, 120, box)).toEqual({ x: 0, y: 1 });
    expect(pointInBox(10, 10, { ...box, width: 0 })).toBeNull();
    expect(clampFraction(Number.NaN)).toBe(0);
    expect(clampFraction(0.123456)).toBe(0.1235);
  });

  it('places a marker at the same spot whatever size the page is drawn at', () => {
    const point = pointInBox(60, 30, { left: 0, top: 0, width: 200, height: 100 });
    expect(point).toEqual({ x: 0.3, y: 0.3 });
    expect(pinPosition({ x: 0.3, y: 0.25 })).toEqual({ left: '30%', top: '25%' });
  });

  it('moves the keyboard cursor by small and large steps and stops at the edges', () => {
    expect(movePoint({ x: 0.5, y: 0.5 }, 'ArrowLeft', false)).toEqual({ x: 0.48, y: 0.5 });
    expect(movePoint({ x: 0.5, y: 0.5 }, 'ArrowDown', true)).toEqual({ x: 0.5, y: 0.6 });
    expect(movePoint({ x: 0.99, y: 0 }, 'ArrowRight', true)).toEqual({ x: 1, y: 0 });
    expect(movePoint({ x: 0.5, y: 0.01 }, 'ArrowUp', false)).toEqual({ x: 0.5, y: 0 });
    expect(movePoint({ x: 0.5, y: 0.5 }, 'Enter', false)).toBeNull();
  });

  it('fits a page into the space keeping its aspect ratio, never enlarging it', () => {
    expect(fitInto({ width: 2000, height: 1000 }, { width: 800, height: 800 })).toEqual({
      width: 800,
      height: 400,
    });
    expect(fitInto({ width: 300, height: 200 }, { width: 800, height: 800 })).toEqual({
      width: 300,
      height: 200,
    });
    expect(fitInto({ width: 0, height: 200 }, { width: 800, height: 800 })).toEqual({ width: 0, height: 0 });
  });

  it('numbers the pins of one version in the order they were made', () => {
    const pins = [
      { id: 'b', versionId: 'v2', page: 1, createdAt: '2026-01-02T00:00:00Z' },
      { id: 'x', versionId: 'v1', page: 1, createdAt: '2026-01-01T00:00:00Z' },
      { id: 'a', versionId: 'v2', page: 2, createdAt: '2026-01-01T00:00:00Z' },
    ];
    expect(numberedPins(pins, 'v2').map((pin) => [pin.id, pin.number])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
  });
});
