import { formatDate } from '../../../shared/format/date';

/**
 * A calendar date (`YYYY-MM-DD`, as the API sends project and due dates) in the language's pattern
 * (spec §9), read as a local date so it never shifts by a day in the browser's time zone.
 */
export function formatCalendarDate(value: string, lang: string): string {
  const [y, m, d] = value.split('-').map(Number);
  if (!y || !m || !d) return '';
  return formatDate(new Date(y, m - 1, d), lang);
}
