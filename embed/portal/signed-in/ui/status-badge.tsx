import type { PortalInvoice, PortalProject } from '../../../../shared/contracts/portal-client';
import type { PortalQuote } from '../../../../shared/contracts/quotes';
import { cn } from '../../../../shared/ui/cn';
import { useI18n } from '../../i18n/i18n-context';

const TONES = {
  neutral: 'bg-slate-100 text-slate-700',
  info: 'bg-sky-50 text-sky-800',
  success: 'bg-success-soft text-success',
  warning: 'bg-warning-soft text-warning',
  danger: 'bg-danger-soft text-danger',
} as const;

const PROJECT_TONE: Record<PortalProject['status'], keyof typeof TONES> = {
  planning: 'neutral',
  in_progress: 'info',
  on_hold: 'warning',
  completed: 'success',
  cancelled: 'neutral',
};

const INVOICE_TONE: Record<PortalInvoice['status'], keyof typeof TONES> = {
  sent: 'info',
  overdue: 'danger',
  paid: 'success',
  cancelled: 'neutral',
};

const QUOTE_TONE: Record<PortalQuote['status'], keyof typeof TONES> = {
  sent: 'info',
  accepted: 'success',
  declined: 'neutral',
  expired: 'warning',
};

/** A project's or invoice's status (spec §4's statuses) as a coloured, translated label. */
export function StatusBadge(
  props:
    | { kind: 'project'; status: PortalProject['status'] }
    | { kind: 'invoice'; status: PortalInvoice['status'] }
    | { kind: 'quote'; status: PortalQuote['status'] },
) {
  const { t } = useI18n();
  const tone =
    props.kind === 'project'
      ? PROJECT_TONE[props.status]
      : props.kind === 'quote'
        ? QUOTE_TONE[props.status]
        : INVOICE_TONE[props.status];
  return (
    <span
      className={cn(
        'inline-flex h-6 shrink-0 items-center rounded-full px-2.5 text-xs font-medium whitespace-nowrap',
        TONES[tone],
      )}
    >
      {t(`status.${props.kind}.${props.status}`)}
    </span>
  );
}
