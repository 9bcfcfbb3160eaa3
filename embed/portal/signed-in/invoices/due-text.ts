import type { DueState } from './due-state';

type T = (key: string, vars?: Record<string, string | number>) => string;

/** The words after the due date: "7 days overdue", "due today", "due in 3 days" (nothing otherwise). */
export function dueSuffix(t: T, state: DueState): string {
  if (state.kind === 'overdue')
    return state.days > 0 ? t('invoiceDue.overdueDays', { count: state.days }) : '';
  if (state.kind === 'dueToday') return t('invoiceDue.dueToday');
  if (state.kind === 'due') return t('invoiceDue.dueInDays', { count: state.days });
  return '';
}

/** "Was due 11/30/2026 · 7 days overdue": the date line with its suffix, when there is one. */
export const withDueSuffix = (text: string, suffix: string) => (suffix ? `${text} · ${suffix}` : text);
