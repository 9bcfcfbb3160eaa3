import type { QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { projectKeys } from '../../../remotes/projects/keys';
import {
  applyProjectActivity,
  applyProjectChange,
  applyProjectDeleted,
} from '../../../remotes/projects/live';
import type { NotificationList } from '../../../shared/contracts/activity';
import { addMessageToCache } from '../../../shared/conversation/query';
import { notificationKeys } from '../../../shared/conversation/query-keys';
import { applyFileActivity, fileKeys, isFileActivity } from '../../../shared/files/query-keys';
import { toSupportedLanguage } from '../../../shared/i18n/languages';
import { createRealtimeClient, type RealtimeEvent } from '../../../shared/realtime/client';
import { keepEarlyArrival } from './notifications/early-arrivals';

/** Spec §9: the notification list holds the newest 50. */
const NOTIFICATIONS_KEPT = 50;

/**
 * What one live event does to the dashboard's TanStack Query cache, the same cache the pages read: the
 * notification list (the bell's hook toasts what arrives there and keeps the badge in step), the project's
 * conversation and the conversation list, the projects section's lists, page and totals, and the files
 * lists and page (a file uploaded or decided).
 */
export function applyDashboardEvent(client: QueryClient, event: RealtimeEvent): void {
  if (event.type === 'project_deleted') {
    void applyProjectDeleted(client, event.projectId);
    return;
  }
  const { item, message, project } = event;
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
  // A file uploaded or decided (either side): the files lists and that file's page refetch.
  if (isFileActivity(item.type)) void applyFileActivity(client, item.file?.id);
  // The provider's socket carries the provider's view (`Project`, with its internal fields).
  if (project && 'internalNotes' in project) void applyProjectChange(client, project);
  else if (item.project) void applyProjectActivity(client, item.project.id);
}

/**
 * The dashboard's one socket (`/api/realtime`, by the session cookie), until the returned function stops
 * it: every event goes into the cache; titles come in the socket's language, so a language change
 * reconnects it; after being offline, project lists are read again (a deletion is not caught up).
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
      void client.invalidateQueries({ queryKey: projectKeys.all });
      void client.invalidateQueries({ queryKey: fileKeys.all });
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
