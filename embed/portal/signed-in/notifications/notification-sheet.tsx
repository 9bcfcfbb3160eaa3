import { BellOff, CheckCheck, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ActivityItem } from '../../../../shared/contracts/activity';
import { formatRelativeTime } from '../../../../shared/format/date';
import { Button } from '../../../../shared/ui/button';
import { useI18n } from '../../i18n/i18n-context';
import { navigate } from '../../navigation/history';
import { useSignedIn } from '../signed-in-context';
import { activityIcon } from '../ui/activity-icon';
import { LoadFailed } from '../ui/load-state';
import { groupNotifications, type NotificationPaths, notificationTarget } from './notification-feed';
import { useMarkAllRead, useNotificationList } from './notifications-data';

/** The time now, moving on every minute while the sheet is open ("5 minutes ago" stays true). */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function Row({
  item,
  now,
  onOpen,
}: {
  item: ActivityItem;
  now: number;
  onOpen: (item: ActivityItem) => void;
}) {
  const { lang } = useI18n();
  const Icon = activityIcon(item.type);
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(item)}
        className="flex w-full gap-3 rounded-lg px-3 py-3 text-left hover:bg-surface focus-visible:bg-surface focus-visible:outline-none"
      >
        <span className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-full bg-primary-soft text-primary">
          <Icon aria-hidden="true" className="size-4" />
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className={item.read ? 'text-sm break-words' : 'text-sm font-semibold break-words'}>
            {item.title}
          </span>
          {item.description ? (
            <span className="line-clamp-2 text-sm break-words text-muted">{item.description}</span>
          ) : null}
          <span className="text-xs text-subtle">
            {item.project.name} ·{' '}
            <time dateTime={item.createdAt}>{formatRelativeTime(item.createdAt, lang, now)}</time>
          </span>
        </span>
        {item.read ? null : (
          <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-primary" />
        )}
      </button>
    </li>
  );
}

function Group({
  title,
  items,
  now,
  onOpen,
}: {
  title: string;
  items: ActivityItem[];
  now: number;
  onOpen: (item: ActivityItem) => void;
}) {
  const id = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="grid gap-1">
      <h3 id={id} className="px-3 text-xs font-semibold tracking-wide text-subtle uppercase">
        {title}
      </h3>
      <ul className="grid">
        {items.map((item) => (
          <Row key={item.id} item={item} now={now} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}

const PLACEHOLDERS = ['a', 'b', 'c'];

/**
 * The notification sheet (spec §2, §8, §9): 'Notifications' with its description, 'Mark all read', the
 * unread items under 'New' and the read ones under 'Earlier', three placeholder rows while it loads, and
 * the client's empty state. A click opens the item's section and closes the sheet.
 */
export default function NotificationSheet({
  portalId,
  open,
  onOpenChange,
}: {
  portalId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useI18n();
  const { pathTo, projectPathTo } = useSignedIn();
  const list = useNotificationList(portalId);
  const markAll = useMarkAllRead(portalId);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const now = useNow();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const paths: NotificationPaths = {
    messages: (projectId) => `${pathTo('messages')}?project=${projectId}`,
    files: pathTo('files'),
    invoices: pathTo('invoices'),
    project: projectPathTo,
  };
  const openItem = (item: ActivityItem) => {
    onOpenChange(false);
    navigate(notificationTarget(item, paths));
  };
  const items = list.data?.items ?? [];
  const { fresh, earlier } = groupNotifications(items);
  const unread = list.data?.unreadCount ?? 0;

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: only backdrop clicks land on the dialog itself; Escape closes it
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onClose={() => onOpenChange(false)}
      onClick={(event) => {
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
      className="portal-sheet-in fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-dvh w-full max-w-md border-l border-line bg-canvas p-0 text-ink shadow-xl backdrop:bg-ink/30"
    >
      {open ? (
        <div className="flex h-full flex-col">
          <div className="grid gap-3 border-b border-line p-4 sm:p-5">
            <div className="flex items-start justify-between gap-3">
              <div className="grid gap-1">
                <h2 id={titleId} className="text-lg font-semibold">
                  {t('notifications.title')}
                </h2>
                <p id={descriptionId} className="text-sm text-muted">
                  {t('notifications.description')}
                </p>
              </div>
              <button
                type="button"
                onClick={() => onOpenChange(false)}
                className="grid size-9 shrink-0 place-items-center rounded-lg text-muted hover:bg-surface hover:text-ink"
              >
                <X aria-hidden="true" className="size-5" />
                <span className="sr-only">{t('notifications.close')}</span>
              </button>
            </div>
            {unread > 0 ? (
              <div>
                <Button
                  variant="secondary"
                  size="sm"
                  loading={markAll.isPending}
                  onClick={() => markAll.mutate(undefined)}
                >
                  {markAll.isPending ? null : <CheckCheck aria-hidden="true" className="size-4" />}
                  {t('notifications.markAllRead')}
                </Button>
              </div>
            ) : null}
          </div>
          <div className="flex-1 overflow-y-auto p-2 sm:p-3">
            {list.data ? (
              items.length === 0 ? (
                <div className="grid justify-items-center gap-3 px-4 py-12 text-center">
                  <span className="grid size-12 place-items-center rounded-full bg-primary-soft text-primary">
                    <BellOff aria-hidden="true" className="size-6" />
                  </span>
                  <p className="font-semibold">{t('notifications.empty')}</p>
                  <p className="text-sm text-muted">{t('notifications.emptyBody')}</p>
                </div>
              ) : (
                <div className="grid gap-4">
                  <Group title={t('notifications.new')} items={fresh} now={now} onOpen={openItem} />
                  <Group title={t('notifications.earlier')} items={earlier} now={now} onOpen={openItem} />
                </div>
              )
            ) : list.error ? (
              <div className="p-2">
                <LoadFailed message={list.error.message} onRetry={() => void list.refetch()} />
              </div>
            ) : (
              <div role="status" className="grid gap-1">
                <span className="sr-only">{t('common.loading')}</span>
                {PLACEHOLDERS.map((id) => (
                  <div key={id} aria-hidden="true" className="flex gap-3 px-3 py-3">
                    <span className="size-8 shrink-0 animate-pulse rounded-full bg-line/60" />
                    <span className="grid flex-1 gap-2">
                      <span className="h-3.5 w-3/4 animate-pulse rounded bg-line/60" />
                      <span className="h-3 w-1/2 animate-pulse rounded bg-line/60" />
                    </span>
                  </div>
                ))}
              </div>
            )}
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
