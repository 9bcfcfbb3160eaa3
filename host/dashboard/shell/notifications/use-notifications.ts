import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { getJson } from '../../../../shared/api/get-json';
import type { ActivityItem, NotificationList, UnreadCount } from '../../../../shared/contracts/activity';
import { isConversationOpen } from '../../../../shared/conversation/open-conversations';
import { messageKeys, notificationKeys } from '../../../../shared/conversation/query-keys';
import { useTranslation } from '../../../../shared/i18n/react';
import {
  arrivedSince,
  NOTIFICATION_TOAST_MS,
  newestSeq,
  shouldToast,
  UNREAD_REFETCH_MS,
} from '../../../../shared/notifications/rules';
import { toast } from '../../../../shared/ui/toaster';
import { useCachedQuery } from '../../../lib/use-cached-query';
import { takeEarlyArrivals } from './early-arrivals';

export const fetchNotifications = () => getJson('/api/notifications') as Promise<NotificationList>;
const fetchUnreadCount = () => getJson('/api/notifications/unread-count');

/** Reads the newest 50 again (spec §9) now, whatever the cache holds. */
export function refreshNotifications(client: QueryClient): Promise<NotificationList | undefined> {
  return client
    .fetchQuery({ queryKey: notificationKeys.list, queryFn: fetchNotifications, staleTime: 0 })
    .catch(() => undefined);
}

/**
 * The provider's notifications, in ONE hook (mounted once, by the bell's `notification-engine.tsx`): the unread count (spec
 * §7: refetched every 30 s while the page is visible), and toasts for entries that arrive (spec §7: info,
 * 4 s, none for what the provider already read or for their own messages), with the message queries
 * refreshed when a message arrives. New entries are found by comparing every version of the list in the
 * cache with the newest seen so far, whoever put it there: the count's poll (which reads the list again
 * when the count changes), the sheet, or a live event written into `notificationKeys.list` (`../realtime.ts`;
 * one that came before this hook loaded is kept for it in `early-arrivals.ts`). `since` is where "new"
 * begins: the newest feed position when the dashboard loaded (the bell's first count), so an entry that
 * arrived between the load and this hook is toasted at its first look; without it, that first look only
 * sets the mark. Each entry is toasted once.
 */
export function useNotifications(since?: number) {
  const client = useQueryClient();
  const { i18n } = useTranslation();
  const count = useCachedQuery(notificationKeys.unreadCount, fetchUnreadCount);
  const { refetch } = count;
  const lastSeenSeq = useRef<number | null>(since ?? null);
  // The bell's first count may come after this hook: until the first look, it still sets the start.
  if (lastSeenSeq.current === null && since !== undefined) lastSeenSeq.current = since;
  const lastCount = useRef<number | undefined>(undefined);
  const looked = useRef(false);

  // Every new version of the list: toast what arrived since the last one, keep the badge in step.
  useEffect(() => {
    const toasted = new Set<string>();
    const toastArrival = (item: ActivityItem) => {
      if (!shouldToast(item, 'provider') || toasted.has(item.id)) return;
      toasted.add(item.id);
      // A message of the conversation on screen is seen there; a toast would only repeat it.
      if (item.type === 'message' && item.project && isConversationOpen(item.project.id)) return;
      toast.info(item.title, {
        id: `notification-${item.id}`,
        description: item.description ?? undefined,
        duration: NOTIFICATION_TOAST_MS,
      });
    };
    // What came live before this hook was loaded (the first look below then counts it as seen).
    for (const item of takeEarlyArrivals()) toastArrival(item);
    const ingest = (list: NotificationList) => {
      const arrived = arrivedSince(list.items, lastSeenSeq.current);
      lastSeenSeq.current = newestSeq(list.items, lastSeenSeq.current ?? 0);
      for (const item of arrived) toastArrival(item);
      if (arrived.some((item) => item.type === 'message')) {
        void client.invalidateQueries({ queryKey: messageKeys.all });
      }
      lastCount.current = list.unreadCount;
      client.setQueryData<UnreadCount>(notificationKeys.unreadCount, (current) => ({
        latestSeq: 0,
        ...current,
        count: list.unreadCount,
      }));
    };
    const listHash = JSON.stringify(notificationKeys.list);
    const existing = client.getQueryData<NotificationList>(notificationKeys.list);
    if (existing) {
      looked.current = true;
      ingest(existing);
    }
    return client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryHash !== listHash) return;
      if (event.action.type !== 'success') return;
      ingest(event.query.state.data as NotificationList);
    });
  }, [client]);

  // The first look toasts what arrived since the load (or, without `since`, only sets the mark) and fills
  // the sheet ahead of its opening.
  useEffect(() => {
    if (looked.current) return;
    looked.current = true;
    void refreshNotifications(client);
  }, [client]);

  // Spec §7: the count every 30 s, while the page is visible (and at once when it becomes visible again).
  useEffect(() => {
    let timer = 0;
    const schedule = () => {
      window.clearInterval(timer);
      if (document.visibilityState === 'visible') timer = window.setInterval(refetch, UNREAD_REFETCH_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') refetch();
      schedule();
    };
    schedule();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [refetch]);

  // A changed count means entries arrived or were read elsewhere: read the list again.
  const unread = count.data?.count;
  useEffect(() => {
    if (unread === undefined) return;
    const previous = lastCount.current;
    lastCount.current = unread;
    if (previous !== undefined && previous !== unread) void refreshNotifications(client);
  }, [client, unread]);

  // Titles and descriptions come in the request's language: read them again in the new one.
  const language = i18n.resolvedLanguage;
  const shownLanguage = useRef(language);
  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    if (client.getQueryData(notificationKeys.list)) void refreshNotifications(client);
  }, [client, language]);

  const refresh = useCallback(() => refreshNotifications(client), [client]);
  return { unreadCount: unread ?? 0, refresh };
}
