import {
  Activity,
  AlertTriangle,
  CalendarCheck,
  CalendarClock,
  CalendarX,
  CheckCircle2,
  FileSignature,
  FileUp,
  FolderPlus,
  type LucideIcon,
  MessageSquare,
  Pencil,
  Receipt,
  RefreshCw,
} from 'lucide-react';
import { formatDate, formatRelativeTime } from '../../shared/format/date';
import { Button } from '../../shared/ui/button';
import { Skeleton } from '../../shared/ui/skeleton';
import { StatePanel } from '../../shared/ui/state-panel';
import { type ActivityItem, useProjectActivity } from './api';
import { useProjectTexts } from './i18n';

const ICONS: Record<ActivityItem['type'], LucideIcon> = {
  message: MessageSquare,
  file_upload: FileUp,
  file_approval: CheckCircle2,
  invoice_created: Receipt,
  invoice_status: Receipt,
  quote_status: FileSignature,
  booking_created: CalendarCheck,
  booking_rescheduled: CalendarClock,
  booking_cancelled: CalendarX,
  project_created: FolderPlus,
  project_updated: Pencil,
  project_status: RefreshCw,
};

/** Loading state of the activity feed: avatars and two lines each. */
function ActivitySkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-5">
      {Array.from({ length: 4 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="flex gap-3">
          <Skeleton className="size-8 shrink-0 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-24" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The project page's Activity tab: the project's feed from the API (titles already in the caller's
 * language), newest first, relative times, older pages on request (the API pages by `seq`).
 */
export function ActivityTab({ projectId }: { projectId: string }) {
  const { t, lang } = useProjectTexts();
  const activity = useProjectActivity(projectId);

  if (activity.isPending) return <ActivitySkeleton />;
  if (activity.isError && !activity.data) {
    return (
      <StatePanel
        role="alert"
        icon={<AlertTriangle aria-hidden="true" className="size-6" />}
        title={t('activity.error')}
      >
        <Button variant="secondary" loading={activity.isFetching} onClick={() => void activity.refetch()}>
          {t('activity.retry')}
        </Button>
      </StatePanel>
    );
  }
  const items = activity.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <StatePanel
        icon={<Activity aria-hidden="true" className="size-6" />}
        title={t('activity.emptyTitle')}
        body={t('activity.emptyBody')}
      />
    );
  }
  return (
    <div className="grid gap-4">
      <h2 className="sr-only">{t('activity.title')}</h2>
      <ol className="grid">
        {items.map((item, index) => {
          const Icon = ICONS[item.type] ?? Activity;
          const last = index === items.length - 1;
          return (
            <li key={item.id} className="relative flex gap-3 pb-5">
              {last ? null : (
                <span
                  aria-hidden="true"
                  className="absolute top-9 bottom-0 left-4 w-px -translate-x-1/2 bg-line"
                />
              )}
              <span
                aria-hidden="true"
                className="grid size-8 shrink-0 place-items-center rounded-full bg-primary-soft text-primary"
              >
                <Icon className="size-4" />
              </span>
              <div className="grid min-w-0 gap-0.5 pt-1">
                <p className="text-sm font-medium break-words text-ink">{item.title}</p>
                {item.description ? (
                  <p className="text-sm break-words whitespace-pre-line text-muted">{item.description}</p>
                ) : null}
                <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-subtle">
                  <time dateTime={item.createdAt} title={formatDate(item.createdAt, lang)}>
                    {formatRelativeTime(item.createdAt, lang)}
                  </time>
                  {item.senderType ? (
                    <>
                      <span aria-hidden="true">·</span>
                      <span>{t(item.senderType === 'client' ? 'activity.byClient' : 'activity.byYou')}</span>
                    </>
                  ) : null}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
      {activity.hasNextPage ? (
        <Button
          variant="secondary"
          className="justify-self-center"
          loading={activity.isFetchingNextPage}
          onClick={() => void activity.fetchNextPage()}
        >
          {t('activity.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
