import type { UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../shared/ui/button';
import { Skeleton } from '../../shared/ui/skeleton';
import { useIntegrationTexts } from './i18n';
import { IntegrationCard } from './integration-card';

/** A card's frame: what it is, before its state is known. */
export type CardFrame = Omit<Parameters<typeof IntegrationCard>[0], 'children'>;

/**
 * A card whose state comes from one query: the frame with a skeleton while it loads, with why and Retry when
 * it failed, else whatever `children` makes of the data.
 */
export function QueryCard<T>({
  frame,
  query,
  children,
}: {
  frame: CardFrame;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isError)
    return (
      <IntegrationCard {...frame}>
        <CardLoadFailed retrying={query.isFetching} onRetry={() => void query.refetch()} />
      </IntegrationCard>
    );
  if (query.data === undefined)
    return (
      <IntegrationCard {...frame}>
        <CardSkeleton />
      </IntegrationCard>
    );
  return children(query.data);
}

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
