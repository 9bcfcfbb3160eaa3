import type { QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import type { NotificationList } from '../../../shared/contracts/activity';
import type { RealtimeActivity } from '../../../shared/contracts/realtime';
import { addMessageToCache } from '../../../shared/conversation/query';
import { notificationKeys } from '../../../shared/conversation/query-keys';
import { toSupportedLanguage } from '../../../shared/i18n/languages';
import { createRealtimeClient, type RealtimeEvent } from '../../../shared/realtime/client';
import { SECTION_LIVE } from '../../../shared/sections/live';
import { keepEarlyArrival } from './notifications/early-arrivals';

/** Spec §9: the notification list holds the newest 50. */
const NOTIFICATIONS_KEPT = 50;

/**
 * What one live event does to the dashboard's TanStack Query cache, the same cache the pages read: the
 * host's own part (the notification list, whose hook toasts what arrives there and keeps the badge in
 * step; the project's conversation and the conversation list), then every section of the registry
 * (`shared/sections/live.ts`: its lists, pages and the overview's totals).
 */
export function applyDashboardEvent(client: QueryClient, event: RealtimeEvent): void {
  if (event.type !== 'project_deleted') applyToNotifications(client, event);
  for (const section of SECTION_LIVE) section.apply(client, event);
}

/** The host's own part of an activity event: the bell's list (or its count) and the conversation. */
function applyToNotifications(client: QueryClient, { item, message }: RealtimeActivity): void {
  const list = client.getQueryData<NotificationList>(notificationKeys.list);
  if (list) {
    if (!list.items.some((known) => known.id === item.id)) {
      client.setQueryData<NotificationList>(notificationKeys.list, {
        ...list,
        items: [item, ...list.items].sort((a, b) => b.seq - a.seq).slice(0, NOTIFICATIONS_KEPT),
        unreadCount: list.unreadCount + (item.read ? 0 : 1),
      });
    }
  } else if (!item.read) {
    // The bell's hook has not loaded the list yet: the badge reads the count again, the hook toasts it.
    keepEarlyArrival(item);
    void client.invalidateQueries({ queryKey: notificationKeys.unreadCount });
  }
  if (message) addMessageToCache(client, message);
}

/**
 * The dashboard's one socket (`/api/realtime`, by the session cookie), until the returned function stops
 * it: every event goes into the cache; titles come in the socket's language, so a language change
 * reconnects it; after being offline, every section's data is read again (a deletion is not caught up).
 */
export function connectDashboard(client: QueryClient, i18n: i18n): () => void {
  const realtime = createRealtimeClient({
    audience: 'provider',
    lang: () => toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language),
  });
  let wasOffline = false;
  const offEvent = realtime.onEvent((event) => applyDashboardEvent(client, event));
  const offStatus = realtime.onStatus((status) => {
    if (status === 'offline') wasOffline = true;
    if (status === 'open' && wasOffline) {
      wasOffline = false;
      for (const section of SECTION_LIVE) void client.invalidateQueries({ queryKey: section.root });
    }
  });
  const onLanguage = () => realtime.reconnect();
  i18n.on('languageChanged', onLanguage);
  realtime.start();
  return () => {
    i18n.off('languageChanged', onLanguage);
    offEvent();
    offStatus();
    realtime.stop();
  };
}
