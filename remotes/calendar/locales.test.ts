import { describe, expect, it } from 'vitest';
import { CalendarEntryKind } from '../../shared/contracts/calendar';
import { flattenLocale, itKeepsLocaleParity, type LocaleTree } from '../../shared/i18n/locale-parity';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import { REPEATS } from './repeat';

const enKeys = flattenLocale(en as LocaleTree);
const deKeys = flattenLocale(de as LocaleTree);

describe('calendar texts (namespace "calendar")', () => {
  itKeepsLocaleParity(enKeys, deKeys);

  it('names every repetition, view and booking status the page shows', () => {
    for (const r of REPEATS) expect(enKeys.has(`repeat.${r}`), r).toBe(true);
    for (const v of ['month', 'week', 'agenda']) expect(enKeys.has(`views.${v}`), v).toBe(true);
    for (const s of ['confirmed', 'cancelled']) expect(enKeys.has(`booking.${s}`), s).toBe(true);
    expect(CalendarEntryKind.options).toHaveLength(5);
  });
});
