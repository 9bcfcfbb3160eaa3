import { describe, expect, it } from 'vitest';
import { LABELS, pickLanguage } from './labels';

describe('the runtime’s own texts', () => {
  it('has the same labels in English and German, none empty or untranslated', () => {
    expect(Object.keys(LABELS.de).sort()).toEqual(Object.keys(LABELS.en).sort());
    for (const [key, en] of Object.entries(LABELS.en)) {
      const de = LABELS.de[key as keyof typeof LABELS.de];
      expect(en.trim(), key).not.toBe('');
      expect(de.trim(), key).not.toBe('');
      expect(de, key).not.toBe(en);
    }
  });

  it('picks the explicit language, else the page’s, else the browser’s, else English', () => {
    expect(pickLanguage('de', 'en-US', 'en')).toBe('de');
    expect(pickLanguage(undefined, 'de-AT', 'en')).toBe('de');
    expect(pickLanguage('fr', '', 'de-DE')).toBe('de');
    expect(pickLanguage(undefined, 'fr', 'de')).toBe('en');
    expect(pickLanguage(undefined, '', '')).toBe('en');
  });
});
