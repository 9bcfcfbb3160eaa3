import { Bell } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../../shared/i18n/react';
import { badgeText } from '../../../../shared/notifications/rules';
import { Button } from '../../../../shared/ui/button';
import { useNotifications } from './use-notifications';

// The sheet (its rows, the typed client for "Mark all read") loads on the first hover, focus or click.
const loadPanel = () => import('./notification-panel');
const NotificationPanel = lazy(loadPanel);

/** The top bar's bell (spec §2): the unread badge ('99+' above 99) and the notification sheet. */
export function NotificationBell() {
  const { t } = useTranslation();
  const { unreadCount } = useNotifications();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const badge = badgeText(unreadCount);
  const label = badge
    ? `${t('notifications.title')}, ${t('notifications.unread', { count: unreadCount })}`
    : t('notifications.title');
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="relative"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <Bell aria-hidden="true" className="size-4" />
        <span className="sr-only">{label}</span>
        {badge ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -top-1 -right-1 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-danger px-1 text-[0.625rem] leading-none font-semibold text-white ring-2 ring-canvas"
          >
            {badge}
          </span>
        ) : null}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <NotificationPanel open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
