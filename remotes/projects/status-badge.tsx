import type { ProjectStatus } from './api';
import { useProjectTexts } from './i18n';

/** One colour per spec §4 status: what is moving stands out, what is over recedes. */
const TONES: Record<ProjectStatus, { badge: string; dot: string }> = {
  planning: { badge: 'bg-sky-50 text-sky-800 ring-sky-200', dot: 'bg-sky-500' },
  in_progress: { badge: 'bg-primary-soft text-primary-strong ring-primary/25', dot: 'bg-primary' },
  on_hold: { badge: 'bg-warning-soft text-warning ring-warning/25', dot: 'bg-warning' },
  completed: { badge: 'bg-success-soft text-success ring-success/25', dot: 'bg-success' },
  cancelled: { badge: 'bg-surface text-muted ring-line', dot: 'bg-slate-400' },
};

/** The project's status as a small labelled pill. */
export function StatusBadge({ status }: { status: ProjectStatus }) {
  const { t } = useProjectTexts();
  const tone = TONES[status];
  return (
    <span
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tone.badge}`}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${tone.dot}`} />
      {t(`status.${status}`)}
    </span>
  );
}
