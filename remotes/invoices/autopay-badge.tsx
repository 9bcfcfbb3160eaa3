import type { RecurringAutopay } from '../../shared/contracts/recurring';
import { StatusBadge, type StatusMap } from '../../shared/ui/status-badge';
import { useInvoiceTexts } from './i18n';
import { useRecurring } from './recurring-api';

type AutopayShown = 'off' | 'offered' | 'agreed' | 'failed';

const AUTOPAY_STATUS: StatusMap<AutopayShown> = {
  off: { label: 'recurring.autopay.badge.off', tone: 'neutral' },
  offered: { label: 'recurring.autopay.badge.offered', tone: 'warning' },
  agreed: { label: 'recurring.autopay.badge.agreed', tone: 'success' },
  failed: { label: 'recurring.autopay.badge.failed', tone: 'danger' },
};

/** A schedule's automatic payment in one word: off, offered (no card yet), agreed, or its last charge failed. */
export const autopayShown = (autopay: RecurringAutopay): AutopayShown =>
  autopay.lastCharge?.status === 'failed'
    ? 'failed'
    : autopay.agreement
      ? 'agreed'
      : autopay.offered
        ? 'offered'
        : 'off';

/**
 * The recurring list's automatic-payment badge. The list's rows do not carry `autopay`: it is the
 * schedule's own read (`useRecurring`, the dialog's cache too); nothing shows while it loads. `compact`
 * (the phone card) names what it is and shows nothing for "off".
 */
export function AutopayBadge({ id, compact = false }: { id: string; compact?: boolean }) {
  const { t } = useInvoiceTexts();
  const schedule = useRecurring(id);
  if (!schedule.data) return null;
  const shown = autopayShown(schedule.data.autopay);
  if (compact)
    return shown === 'off' ? null : (
      <span data-testid="autopay-badge">
        {t('recurring.autopay.badge.label', { state: t(AUTOPAY_STATUS[shown].label) })}
      </span>
    );
  return (
    <span data-testid="autopay-badge">
      <StatusBadge status={shown} map={AUTOPAY_STATUS} t={t} />
    </span>
  );
}
