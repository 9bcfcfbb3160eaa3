import { AlertTriangle } from 'lucide-react';
import { Button } from '../../shared/ui/button';
import { Skeleton } from '../../shared/ui/skeleton';
import { useIntegrationTexts } from './i18n';

/** A card's content while its state loads. */
export function CardSkeleton() {
  const { t } = useIntegrationTexts();
  return (
    <div role="status" aria-label={t('loading')} aria-busy="true" className="grid gap-2">
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
    </div>
  );
}

/** A card whose state did not load: why, and Retry (the rest of the page keeps working). */
export function CardLoadFailed({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  const { t } = useIntegrationTexts();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
      <AlertTriangle aria-hidden="true" className="size-4 text-danger" />
      <span className="flex-1">{t('loadFailed')}</span>
      <Button size="sm" variant="secondary" loading={retrying} onClick={onRetry}>
        {t('callback.retry')}
      </Button>
    </div>
  );
}
