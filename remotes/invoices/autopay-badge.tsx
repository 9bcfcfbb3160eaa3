import { StatusBadge, type StatusMap } from '../../shared/ui/status-badge';
import { useInvoiceTexts } from './i18n';

export type AutopayShown = 'off' | 'offered' | 'agreed' | 'failed';

const AUTOPAY_STATUS: StatusMap<AutopayShown> = {
  off: { label: 'recurring.autopay.badge.off', tone: 'neutral' },
  offered: { label: 'recurring.autopay.badge.offered', tone: 'warning' },
  agreed: { label: 'recurring.autopay.badge.agreed', tone: 'success' },
  failed: { label: 'recurring.autopay.badge.failed', tone: 'danger' },
};

/**
 * The recurring list's automatic-payment badge, from the row's own `autopayState` (the list reads it in
 * SQL). `compact` (the phone card) names what it is and shows nothing for "off".
 */
export function AutopayBadge({ state, compact = false }: { state: AutopayShown; compact?: boolean }) {
  const { t } = useInvoiceTexts();
  if (compact)
    return state === 'off' ? null : (
      <span data-testid="autopay-badge">
        {t('recurring.autopay.badge.label', { state: t(AUTOPAY_STATUS[state].label) })}
      </span>
    );
  return (
    <span data-testid="autopay-badge">
      <StatusBadge status={state} map={AUTOPAY_STATUS} t={t} />
    </span>
  );
}
