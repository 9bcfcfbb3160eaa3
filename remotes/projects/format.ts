import { formatDate } from '../../shared/format/date';
import { formatMoney } from '../../shared/format/money';
import type { Project } from './api';

type T = (key: string, options?: Record<string, string>) => string;

/**
 * A calendar date `YYYY-MM-DD` in the interface's pattern. Read as local midnight: the date is a day in
 * the calendar, not an instant, and must not move with the browser's time zone.
 */
export const formatDay = (day: string, lang: string) => formatDate(`${day}T00:00:00`, lang);

/** "start – end", "From start", "Until end" or "No dates". */
export function formatDates(project: Pick<Project, 'startDate' | 'endDate'>, t: T, lang: string) {
  const start = project.startDate ? formatDay(project.startDate, lang) : null;
  const end = project.endDate ? formatDay(project.endDate, lang) : null;
  if (start && end) return t('dates.range', { start, end });
  if (start) return t('dates.from', { start });
  if (end) return t('dates.until', { end });
  return t('dates.none');
}

/** The budget in its currency (the provider's), or null when the project has none. */
export const formatBudget = (project: Pick<Project, 'budget'>, lang: string) =>
  project.budget ? formatMoney(project.budget.amountCents, lang, project.budget.currency) : null;
