import { Bell } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { getJson } from '../../../../shared/api/get-json';
import { notificationKeys } from '../../../../shared/conversation/query-keys';
import { loadTexts } from '../../../../shared/i18n/index';
import { useTranslation } from '../../../../shared/i18n/react';
import { badgeText } from '../../../../shared/notifications/badge';
import { Button } from '../../../../shared/ui/button';
import { useCachedQuery } from '../../../lib/use-cached-query';
import { IDLE_PRELOAD_MS } from '../preload';

type EngineModule = typeof import('./notification-engine');
type PanelModule = typeof import('./notification-panel');

/** Loads once; a failure is forgotten, so the next attempt tries again. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

/** The notification hook and the outbox (`notification-engine.tsx`): when idle, or on the bell's first use. */
const loadEngine = once(() => import('./notification-engine'));
/** The sheet, with its texts (i18n namespace `notifications`): on the bell's first hover, focus or click. */
const loadPanel = once(() =>
  Promise.all([import('./notification-panel'), loadTexts('notifications')]).then(([module]) => module),
);

/**
 * The top bar's bell (spec §2): the unread badge and the notification sheet. The count is read at once, with
 * the newest feed position at that moment: what arrives after it is toasted, also when it arrives before the
 * notification hook (`use-notifications.ts`) is there. The hook comes when the browser is idle, the sheet on
 * the bell's first hover, focus or click.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const count = useCachedQuery(notificationKeys.unreadCount, () =>
    getJson('/api/notifications/unread-count'),
  );
  const unreadCount = count.data?.count ?? 0;
  const [since, setSince] = useState<number>();
  const latestSeq = count.data?.latestSeq;
  useEffect(() => {
    if (latestSeq !== undefined) setSince((first) => first ?? latestSeq);
  }, [latestSeq]);
  const [engine, setEngine] = useState<EngineModule | null>(null);
  const [panel, setPanel] = useState<PanelModule | null>(null);
  const [open, setOpen] = useState(false);

  const startEngine = useCallback(() => void loadEngine().then(setEngine, () => {}), []);
  const load = useCallback(() => {
    startEngine();
    void loadPanel().then(setPanel, () => {});
  }, [startEngine]);
  useEffect(() => {
    const timer = window.setTimeout(startEngine, IDLE_PRELOAD_MS);
    return () => window.clearTimeout(timer);
  }, [startEngine]);

  const badge = badgeText(unreadCount);
  const label = badge
    ? `${t('notifications.title')}, ${t('notifications.unread', { count: unreadCount })}`
    : t('notifications.title');
  return (
    <>
      {engine ? <engine.NotificationEngine since={since} /> : null}
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
      {panel ? <panel.default open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
