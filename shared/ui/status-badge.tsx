import type { ComponentType } from 'react';
import { cn } from './cn';

/**
 * A badge's colour, by meaning rather than hue: what is moving (primary, info), waiting (warning), good
 * (success), wrong or overdue (danger), asked to change (violet), and what is over or not started
 * (neutral).
 */
export type Tone = 'neutral' | 'info' | 'primary' | 'success' | 'warning' | 'danger' | 'violet';

const TONES: Record<Tone, { badge: string; dot: string }> = {
  neutral: { badge: 'bg-surface text-muted ring-line', dot: 'bg-slate-400' },
  info: { badge: 'bg-sky-50 text-sky-800 ring-sky-200', dot: 'bg-sky-500' },
  primary: { badge: 'bg-primary-soft text-primary-strong ring-primary/25', dot: 'bg-primary' },
  success: { badge: 'bg-success-soft text-success ring-success/25', dot: 'bg-success' },
  warning: { badge: 'bg-warning-soft text-warning ring-warning/25', dot: 'bg-warning' },
  danger: { badge: 'bg-danger-soft text-danger ring-danger/25', dot: 'bg-danger' },
  violet: { badge: 'bg-violet-50 text-violet-800 ring-violet-200', dot: 'bg-violet-500' },
};

/** How one status looks: its label's i18n key, its tone, and an icon instead of the dot (optional). */
export type StatusStyle = {
  label: string;
  tone: Tone;
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
};

/** Every status of an entity → its look: one map per entity (projects, invoices, files). */
export type StatusMap<Status extends string> = Record<Status, StatusStyle>;

/**
 * A status as a small labelled pill, from the entity's status map; `t` translates the label key (the
 * section's own `t`). The icon or dot is decorative: the label says it.
 *
 * @example <StatusBadge status={project.status} map={PROJECT_STATUS} t={t} />
 */
export function StatusBadge<Status extends string>({
  status,
  map,
  t,
}: {
  status: Status;
  map: StatusMap<Status>;
  t: (key: string) => string;
}) {
  const { label, tone, icon: Icon } = map[status];
  const look = TONES[tone];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        look.badge,
      )}
    >
      {Icon ? (
        <Icon aria-hidden="true" className="-ml-0.5 size-3" />
      ) : (
        <span aria-hidden="true" className={cn('size-1.5 rounded-full', look.dot)} />
      )}
      {t(label)}
    </span>
  );
}
