import { describe, expect, it } from 'vitest';
import { PLATFORM_ICON, portalIconSvg } from './favicon';

describe('tab icons', () => {
  it('the platform icon is an SVG data URI safe inside an HTML attribute', () => {
    expect(PLATFORM_ICON.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(PLATFORM_ICON)).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    expect(PLATFORM_ICON).not.toMatch(/["'<>\s]/);
  });

  it("a portal's icon is its name's first letter, upper case, in its colours", () => {
    const svg = portalIconSvg('  analytical Studio', '#0f766e', '#ffffff');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('<rect width="32" height="32" rx="8" fill="#0f766e"/>');
    expect(svg).toMatch(/fill="#ffffff">A<\/text><\/svg>$/);
  });

  it('keeps a character that would not stay one letter in upper case, and whole emoji', () => {
    expect(portalIconSvg('ßtudio', '#000000', '#ffffff')).toContain('>ß</text>');
    expect(portalIconSvg('😀 Smile', '#000000', '#ffffff')).toContain('>😀</text>');
  });

  it('escapes the name and the colours (no markup gets into the SVG)', () => {
    const svg = portalIconSvg('<b>Bold', '"><script>', '#fff');
    expect(svg).not.toContain('<b>');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('fill="&#34;&#62;&#60;script&#62;"');
    expect(svg).toContain('>&#60;</text>');
  });

  it('a blank name gives the plain tile', () => {
    expect(portalIconSvg('   ', '#123456', '#ffffff')).not.toContain('<text');
  });
});
