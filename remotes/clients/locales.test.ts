import { describe, expect, it } from 'vitest';
import { flattenLocale, itKeepsLocaleParity, type LocaleTree } from '../../shared/i18n/locale-parity';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };

const enKeys = flattenLocale(en as LocaleTree);
const deKeys = flattenLocale(de as LocaleTree);

describe('clients texts (namespace "clients")', () => {
  itKeepsLocaleParity(enKeys, deKeys);

  it('says the spec §8 texts verbatim in English', () => {
    expect(enKeys.get('toast.linkCopied')).toBe('Link copied to clipboard!');
    expect(enKeys.get('toast.created')).toBe('Client created successfully');
    expect(enKeys.get('toast.createFailed')).toBe('Failed to create client');
  });
});
