import { describe, expect, it } from 'vitest';
import { flattenLocale, itKeepsLocaleParity } from '../i18n/locale-parity';
import { KIT_TEXTS, kitText } from './kit-texts';

describe('the section kit’s texts', () => {
  itKeepsLocaleParity(flattenLocale(KIT_TEXTS.en), flattenLocale(KIT_TEXTS.de));

  it('fills placeholders and picks the plural form by count', () => {
    expect(kitText('en', 'shownOf', { shown: 50, total: 120 })).toBe('50 of 120 shown');
    expect(kitText('de', 'shown', { count: 1 })).toBe('1 angezeigt');
    expect(kitText('en', 'statusCount', { status: 'Paid', count: 3 })).toBe('Paid (3)');
    expect(kitText('de', 'all', { count: 0 })).toBe('Alle (0)');
  });
});
