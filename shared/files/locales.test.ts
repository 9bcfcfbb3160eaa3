import { describe, expect, it } from 'vitest';
import { FILE_STATUSES, FileDecisionValue, FileKind } from '../contracts/files';
import { flattenLocale, itKeepsLocaleParity, type LocaleTree } from '../i18n/locale-parity';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };

const enKeys = flattenLocale(en as LocaleTree);
const deKeys = flattenLocale(de as LocaleTree);

describe('file components’ texts (shared/files/locales)', () => {
  itKeepsLocaleParity(enKeys, deKeys);

  it('names every status, kind and decision of the contract', () => {
    for (const status of FILE_STATUSES) expect(enKeys.has(`status.${status}`)).toBe(true);
    for (const kind of FileKind.options) expect(enKeys.has(`kind.${kind}`)).toBe(true);
    for (const decision of FileDecisionValue.options) expect(enKeys.has(`decision.${decision}`)).toBe(true);
  });

  it('has a text for every validation key the contract’s file schemas use', () => {
    for (const key of ['feedbackRequired', 'feedbackTooLong', 'pinRequired', 'pinTooLong', 'tooManyPins'])
      expect(enKeys.has(`validation.${key}`)).toBe(true);
  });

  it('has a text for every upload error the queue reports', () => {
    for (const key of ['empty', 'tooLarge', 'type', 'network', 'failed'])
      expect(enKeys.has(`upload.errors.${key}`)).toBe(true);
  });
});
