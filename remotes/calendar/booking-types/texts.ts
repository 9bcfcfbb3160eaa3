import { useCalendarTexts } from '../i18n';

export type T = (key: string, values?: Record<string, string | number | null>) => string;

/**
 * The booking types' texts: the calendar section's namespace under its one key `bookingTypes`, so the
 * kit's standard keys (`title`, `add`, `empty.*`, `form.*`, `toast.*`, `delete.*`) read from there.
 */
export function useBookingTexts() {
  const texts = useCalendarTexts();
  // The contract's messages (`validation.*`) and the API's codes (`errors.*`) are the main texts.
  const t: T = (key, values) =>
    texts.t(/^(validation|errors)\./.test(key) ? key : `bookingTypes.${key}`, values ?? {});
  return { ...texts, t };
}
