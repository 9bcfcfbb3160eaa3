import { describe, expect, it } from 'vitest';
import { colorContrast, contrastRatio, relativeLuminance } from './contrast';

describe('WCAG contrast', () => {
  it('gives luminance 0 for black and 1 for white', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
  });

  it('rates black on white 21:1 and a colour on itself 1:1, in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    expect(contrastRatio('#4f46e5', '#4f46e5')).toBe(1);
  });

  it('matches published ratios (WebAIM checker)', () => {
    expect(contrastRatio('#777777', '#ffffff')).toBe(4.48);
    expect(contrastRatio('#767676', '#ffffff')).toBe(4.54);
    expect(contrastRatio('#2563eb', '#ffffff')).toBe(5.17);
  });

  it('warns for a light brand colour and recommends dark text on it', () => {
    expect(colorContrast('#facc15')).toMatchObject({ warning: true, textColor: '#111827' });
  });

  it('does not warn for a dark brand colour and recommends white text on it', () => {
    expect(colorContrast('#1e3a8a')).toMatchObject({ warning: false, textColor: '#ffffff' });
  });

  it('warns just below the 4.5:1 threshold and not at or above it', () => {
    expect(colorContrast('#777777').warning).toBe(true);
    expect(colorContrast('#767676').warning).toBe(false);
  });
});
