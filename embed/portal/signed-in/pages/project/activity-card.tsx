import { History } from 'lucide-react';
import { useState } from 'react';
import type { ActivityItem } from '../../../../../shared/contracts/activity';
import { formatRelativeTime } from '../../../../../shared/format/date';
import { Button } from '../../../../../shared/ui/button';
import { Card } from '../../../../../shared/ui/card';
import { useI18n } from '../../../i18n/i18n-context';
import { loadActivity, useProjectActivity } from '../../portal-data';
import { activityIcon } from '../../ui/activity-icon';
import { EmptyState } from '../../ui/empty-state';
import { LoadFailed, LoadingRows } from '../../ui/load-state';

function ActivityRow({ item }: { item: ActivityItem }) {
  const { lang } = useI18n();
  const Icon = activityIcon(item.type);
  return (
    <li className="flex gap-3 p-4 sm:px-5">
      <span className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-full bg-primary-soft text-primary">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="grid min-w-0 gap-0.5">
        <p className="font-medium break-words">{item.title}</p>
        {item.description ? (
          <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-muted">
            {item.description}
          </p>
        ) : null}
        <time dateTime={item.createdAt} className="text-xs text-subtle">
          {formatRelativeTime(item.createdAt, lang)}
        </time>
      </div>
    </li>
  );
}

/** A project's activity feed, newest first, with older items on request. */
export function ActivityCard({ portalId, projectId }: { portalId: string; projectId: string }) {
  const { t } = useI18n();
  const activity = useProjectActivity(portalId, projectId);
  const [older, setOlder] = useState<ActivityItem[]>([]);
  /** Where the next older page starts: undefined until one was loaded (then the first page's says). */
  const [olderCursor, setOlderCursor] = useState<string | null | undefined>(undefined);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<string | null>(null);

  const first = activity.data?.items ?? [];
  // Newer items may arrive in the first page meanwhile; an item is listed once.
  const firstIds = new Set(first.map((item) => item.id));
  const items = [...first, ...older.filter((item) => !firstIds.has(item.id))];
  const nextCursor = olderCursor === undefined ? (activity.data?.nextCursor ?? null) : olderCursor;
  const hasMore = nextCursor !== null && items.length > 0;

  const showOlder = async () => {
    if (nextCursor === null) return;
    setLoadingOlder(true);
    setOlderError(null);
    try {
      const page = await loadActivity(portalId, projectId, nextCursor, t('errors.network'));
      setOlder((current) => [...current, ...page.items]);
      setOlderCursor(page.nextCursor);
    } catch (error) {
      setOlderError(error instanceof Error ? error.message : String(error));
    } finally {
      setLoadingOlder(false);
    }
  };

  return (
    <section aria-labelledby="project-activity" className="grid content-start gap-3">
      <h2 id="project-activity" className="text-lg font-semibold">
        {t('project.activity')}
      </h2>
      {activity.data ? (
        <Card className="overflow-hidden">
          {items.length === 0 ? (
            <EmptyState icon={History} title={t('project.noActivity')} body={t('project.noActivityBody')} />
          ) : (
            <ul className="divide-y divide-line">
              {items.map((item) => (
                <ActivityRow key={item.id} item={item} />
              ))}
            </ul>
          )}
          {hasMore || olderError ? (
            <div className="grid justify-items-center gap-2 border-t border-line p-3">
              {olderError ? <p className="text-sm text-danger">{olderError}</p> : null}
              <Button variant="ghost" size="sm" loading={loadingOlder} onClick={() => void showOlder()}>
                {t('project.showOlder')}
              </Button>
            </div>
          ) : null}
        </Card>
      ) : activity.error ? (
        <LoadFailed message={activity.error.message} onRetry={() => void activity.refetch()} />
      ) : (
        <LoadingRows rows={3} />
      )}
    </section>
  );
}
