import { describe, expect, it } from 'vitest';
import { flattenLocale, itKeepsLocaleParity, type LocaleTree } from '../../shared/i18n/locale-parity';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };

const enKeys = flattenLocale(en as LocaleTree);
const deKeys = flattenLocale(de as LocaleTree);

describe('analytics texts (namespace "analytics")', () => {
  itKeepsLocaleParity(enKeys, deKeys);

  it('names every status, bucket and window the API answers with', () => {
    for (const s of ['planning', 'in_progress', 'on_hold', 'completed', 'cancelled'])
      expect(enKeys.has(`projectStatus.${s}`), s).toBe(true);
    for (const b of ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'])
      expect(enKeys.has(`buckets.${b}`), b).toBe(true);
  });
});
