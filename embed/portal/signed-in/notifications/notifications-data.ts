import { useEffect } from 'react';
import { ApiError } from '../../../../shared/api/error';
import type { ActivityItem, NotificationList } from '../../../../shared/contracts/activity';
import { isConversationOpen } from '../../../../shared/conversation/open-conversations';
import { toast } from '../../../../shared/ui/toaster';
import { call } from '../../api/portal-api';
import { useI18n } from '../../i18n/i18n-context';
import { readSession } from '../../session/session-store';
import { store, useAction, useData, useIdle } from '../data-store';
import { fileActivityArrived } from '../files/file-events';
import { invoiceActivityArrived } from '../invoices/invoice-events';
import { portalKeys } from '../portal-data';
import { clientShouldToast, FETCHED, SeenItems, TOAST_MS, UNREAD_REFRESH_MS } from './notification-feed';
import { providerMessagesArrived } from './provider-messages';

/*
 * The portal's notifications in its data store (`data-store.ts`): the sheet's list (the newest 50) and the
 * bell's unread count, refetched every 30 s (spec §9). A count that moved brings the list again, and the
 * list's new items get their toasts (spec §7). A live event (the realtime socket, wired by the app)
 * goes through `receiveActivity`, which keeps the same rules.
 */

type Count = { count: number };

/** What this visit has shown, per client (another client signing in here starts afresh). */
const seenByClient = new Map<string, SeenItems>();
function seenFor(clientId: string): SeenItems {
  let seen = seenByClient.get(clientId);
  if (!seen) {
    seen = new SeenItems();
    seenByClient.set(clientId, seen);
  }
  return seen;
}

/**
 * Spec §6: without a signed-in client, the notification calls fail with 'No authenticated client' (as the
 * API's 401 would: not retried, and the guard sends the visitor to the login).
 */
function signedInClient(noClient: string): string {
  const client = readSession()?.client;
  if (!client) throw new ApiError(401, 'unauthorized', noClient);
  return client.id;
}

/**
 * Announces items that are new to this visit: a toast each by spec §7's rules, and what they change
 * elsewhere (a project's page, its conversation, the lists) is loaded again.
 */
function announce(
  portalId: string,
  items: readonly ActivityItem[],
  { messageKnown = false }: { messageKnown?: boolean } = {},
): void {
  for (const item of items) {
    // A message of the conversation on screen is seen there: no toast for it (as Slack and Intercom do).
    const onScreen = item.type === 'message' && !!item.project && isConversationOpen(item.project.id);
    if (clientShouldToast(item) && !onScreen) {
      toast(item.title, {
        duration: TOAST_MS,
        ...(item.description ? { description: item.description } : {}),
      });
    }
  }
  if (items.length === 0) return;
  for (const projectId of new Set(items.flatMap((item) => (item.project ? [item.project.id] : [])))) {
    store.invalidate(portalKeys.project(portalId, projectId));
  }
  store.invalidate(portalKeys.dashboard(portalId));
  store.invalidate(portalKeys.projects(portalId));
  if (items.some((item) => item.type === 'message')) store.invalidate(portalKeys.conversations(portalId));
  if (items.some((item) => item.type.startsWith('invoice_') || item.type === 'quote_status'))
    store.invalidate(portalKeys.invoices(portalId));
  // An invoice paid (the provider marked it, or the card payment's webhook): inside the widget, `invoice.paid`.
  invoiceActivityArrived(items);
  // Uploads and decisions: the files load again, and inside the widget the page hears the new statuses.
  fileActivityArrived(portalId, items);
  // A live event brings its message along (already in its thread); a refreshed list only says it exists.
  const fromProvider = items.filter((item) => item.type === 'message' && item.senderType === 'provider');
  if (fromProvider.length > 0 && !messageKnown) providerMessagesArrived(portalId, fromProvider);
}

async function fetchList(portalId: string, network: string, noClient: string): Promise<NotificationList> {
  const clientId = signedInClient(noClient);
  const list = await call(
    (api) => api.GET('/api/portal/{portalId}/notifications', { params: { path: { portalId } } }),
    network,
  );
  store.setData<Count>(portalKeys.unreadCount(portalId), { count: list.unreadCount });
  announce(portalId, seenFor(clientId).takeNew(list.items));
  return list;
}

async function fetchCount(portalId: string, network: string, noClient: string): Promise<Count> {
  signedInClient(noClient);
  const result = await call(
    (api) => api.GET('/api/portal/{portalId}/notifications/unread-count', { params: { path: { portalId } } }),
    network,
  );
  // A count that moved means new (or newly read) items: the list comes again, announcing what is new.
  const listKey = portalKeys.notifications(portalId);
  const list = store.state<NotificationList>(listKey).data;
  if (list && list.unreadCount !== result.count) {
    store.setData<NotificationList>(listKey, { ...list, unreadCount: result.count });
    void store.fetch(listKey);
  }
  return result;
}

/** The sheet's list (loaded once the browser is idle after the first screen, then kept fresh). */
export function useNotificationList(portalId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const { t } = useI18n();
  return useData(
    portalKeys.notifications(portalId),
    () => fetchList(portalId, t('errors.network'), t('notifications.noClient')),
    { enabled },
  );
}

/**
 * The bell's unread count, refetched every 30 s (spec §9), and the list behind it loaded as the
 * baseline of what is new. Both wait for the browser to be idle after the first screen.
 */
export function useUnreadCount(portalId: string): number {
  const { t } = useI18n();
  const idle = useIdle();
  useNotificationList(portalId, { enabled: idle });
  const key = portalKeys.unreadCount(portalId);
  const count = useData(key, () => fetchCount(portalId, t('errors.network'), t('notifications.noClient')), {
    enabled: idle,
    staleMs: UNREAD_REFRESH_MS,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: one timer per portal
  useEffect(() => {
    if (!idle) return;
    const timer = window.setInterval(() => void store.fetch(key), UNREAD_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [idle, portalId]);
  return count.data?.count ?? 0;
}

/**
 * Spec §7's mark_notifications_read for every project of the client ("Mark all read"): shown read at
 * once, then the list and the count are fetched again. A failure is only logged (spec §8).
 */
export function useMarkAllRead(portalId: string) {
  const { t } = useI18n();
  return useAction(
    () =>
      call(
        (api) =>
          api.POST('/api/portal/{portalId}/notifications/read', {
            params: { path: { portalId } },
            body: {},
          }),
        t('errors.network'),
      ),
    {
      onSuccess: () => {
        store.setData<NotificationList>(portalKeys.notifications(portalId), (old) =>
          old ? { ...old, items: old.items.map((item) => ({ ...item, read: true })), unreadCount: 0 } : old,
        );
        store.setData<Count>(portalKeys.unreadCount(portalId), { count: 0 });
        store.invalidate(['portal', portalId, 'notifications']);
      },
      onError: (error) => console.error('Could not mark the notifications read', error),
    },
  );
}

/**
 * A live activity item for the signed-in client (from the realtime socket): into the sheet's list and
 * the badge at once, with its toast by spec §7's rules; an item already seen changes nothing.
 * `messageKnown`: its message came with it (and went to `receiveMessage`), so it is not fetched.
 */
export function receiveActivity(
  portalId: string,
  item: ActivityItem,
  { messageKnown = false }: { messageKnown?: boolean } = {},
): void {
  const client = readSession()?.client;
  if (!client || client.portalId !== portalId || (item.client?.id ?? item.project?.clientId) !== client.id)
    return;
  if (!seenFor(client.id).add(item)) return;
  const unread = item.read ? 0 : 1;
  store.setData<NotificationList>(portalKeys.notifications(portalId), (old) =>
    old
      ? {
          ...old,
          items: [item, ...old.items.filter((other) => other.id !== item.id)].slice(0, FETCHED),
          unreadCount: old.unreadCount + unread,
        }
      : old,
  );
  store.setData<Count>(portalKeys.unreadCount(portalId), (old) =>
    old ? { count: old.count + unread } : old,
  );
  announce(portalId, [item], { messageKnown });
}
