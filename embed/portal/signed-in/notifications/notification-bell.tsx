import { Bell } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { cn } from '../../../../shared/ui/cn';
import { useI18n } from '../../i18n/i18n-context';
import { badgeText } from './notification-feed';
import { useUnreadCount } from './notifications-data';

const loadSheet = () => import(/* webpackChunkName: "notifications" */ './notification-sheet');
const NotificationSheet = lazy(loadSheet);

/**
 * The bell (spec §2): the unread count on its badge ('99+' above 99), refreshed every 30 s; a click opens
 * the notification sheet (its own chunk, fetched on the first hover, focus or click).
 */
export function NotificationBell({ portalId, className }: { portalId: string; className?: string }) {
  const { t } = useI18n();
  const count = useUnreadCount(portalId);
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const badge = badgeText(count);
  const preload = () => void loadSheet().catch(() => {});
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        onPointerEnter={preload}
        onFocus={preload}
        aria-haspopup="dialog"
        aria-label={badge ? t('notifications.bellUnread', { count }) : t('notifications.title')}
        title={t('notifications.title')}
        className={cn(
          'relative grid size-9 shrink-0 place-items-center rounded-lg text-muted hover:bg-surface hover:text-ink',
          className,
        )}
      >
        <Bell aria-hidden="true" className="size-5" />
        {badge ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 grid h-[1.125rem] min-w-[1.125rem] place-items-center rounded-full bg-danger px-1 text-[0.6875rem] leading-none font-semibold text-white tabular-nums ring-2 ring-canvas"
          >
            {badge}
          </span>
        ) : null}
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <NotificationSheet portalId={portalId} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
