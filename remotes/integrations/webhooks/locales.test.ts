import { describe } from 'vitest';
import { flattenLocale, itKeepsLocaleParity, type LocaleTree } from '../../../shared/i18n/locale-parity';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };

describe('webhooks panel texts (namespace "webhooks")', () => {
  itKeepsLocaleParity(flattenLocale(en as LocaleTree), flattenLocale(de as LocaleTree));
});
