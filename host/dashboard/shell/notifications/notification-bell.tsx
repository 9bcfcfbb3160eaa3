import { Bell } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { getJson } from '../../../../shared/api/get-json';
import { notificationKeys } from '../../../../shared/conversation/query-keys';
import { loadTexts } from '../../../../shared/i18n/index';
import { useTranslation } from '../../../../shared/i18n/react';
import { badgeText } from '../../../../shared/notifications/rules';
import { Button } from '../../../../shared/ui/button';
import { useCachedQuery } from '../../../lib/use-cached-query';
import { IDLE_PRELOAD_MS } from '../preload';

type PanelModule = typeof import('./notification-panel');

let panel: Promise<PanelModule> | null = null;
/** The sheet and the notification hook, with the sheet's texts (i18n namespace `notifications`). */
function loadPanel(): Promise<PanelModule> {
  panel ??= Promise.all([import('./notification-panel'), loadTexts('notifications')]).then(
    ([module]) => module,
    (error: unknown) => {
      panel = null;
      throw error;
    },
  );
  return panel;
}

/**
 * The top bar's bell (spec §2): the unread badge and the notification sheet. The count is read at once;
 * the sheet and the hook that keeps the count fresh and raises toasts (`use-notifications.ts`) arrive
 * when the browser is idle, or on the bell's first hover, focus or click.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const count = useCachedQuery(notificationKeys.unreadCount, () =>
    getJson('/api/notifications/unread-count'),
  );
  const unreadCount = count.data?.count ?? 0;
  const [loaded, setLoaded] = useState<PanelModule | null>(null);
  const [open, setOpen] = useState(false);

  const load = useCallback(() => void loadPanel().then(setLoaded, () => {}), []);
  useEffect(() => {
    const timer = window.setTimeout(load, IDLE_PRELOAD_MS);
    return () => window.clearTimeout(timer);
  }, [load]);

  const badge = badgeText(unreadCount);
  const label = badge
    ? `${t('notifications.title')}, ${t('notifications.unread', { count: unreadCount })}`
    : t('notifications.title');
  return (
    <>
      {loaded ? <loaded.NotificationEngine /> : null}
      <Button
        variant="ghost"
        size="icon"
        className="relative"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={load}
        onFocus={load}
        onClick={() => {
          load();
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
      {loaded ? <loaded.default open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
