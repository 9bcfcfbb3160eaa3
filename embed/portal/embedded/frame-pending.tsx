import { Spinner } from '../../../shared/ui/spinner';
import { useI18n } from '../i18n/i18n-context';

/**
 * Inside the widget, while the page signs the client in (a handoff token or a returning magic link is on
 * its way): neither the sign-in form nor a previous session's pages flash up meanwhile.
 */
export function FramePending() {
  const { t } = useI18n();
  return (
    <div role="status" aria-live="polite" className="grid min-h-dvh place-items-center bg-surface p-6">
      <div className="flex items-center gap-3 text-sm text-muted">
        <Spinner className="text-primary" />
        <span>{t('frame.signingIn')}</span>
      </div>
    </div>
  );
}
