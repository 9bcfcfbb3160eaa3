import { describe } from 'vitest';
import { flattenLocale, itKeepsLocaleParity, type LocaleTree } from '../../../shared/i18n/locale-parity';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };

/** The booking types' part of the calendar's texts (its one key `bookingTypes`). */
describe('booking types texts (namespace "calendar", key "bookingTypes")', () => {
  itKeepsLocaleParity(
    flattenLocale((en as unknown as { bookingTypes: LocaleTree }).bookingTypes),
    flattenLocale((de as unknown as { bookingTypes: LocaleTree }).bookingTypes),
  );
});
