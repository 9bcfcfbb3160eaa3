import { describeFailure } from '../../../shared/api/describe';
import { useTranslation } from '../../../shared/i18n/react';
import { Button } from '../../../shared/ui/button';

/** A settings block whose data could not be loaded: the reason and a retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-lg bg-danger-soft p-4 text-sm">
      <p className="text-danger">{describeFailure(t, error)}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('dashboard.retry')}
      </Button>
    </div>
  );
}
