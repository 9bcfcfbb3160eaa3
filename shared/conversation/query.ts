import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { callApi } from '../api/call';
import { api } from '../api/client';
import { ApiError } from '../api/error';
import type { ConversationList, Message, MessagePage } from '../contracts/messages';
import { useTranslation } from '../i18n/react';
import { createOutbox, type Outbox } from './outbox';
import { outboxAccount, outboxFor } from './outbox-registry';
import { localOutboxStorage } from './outbox-storage';
import { messageKeys, notificationKeys } from './query-keys';
import type { ConversationTranslate } from './texts';

/**
 * The provider's conversations through TanStack Query and the typed client: the Messages page and a
 * project's Messages tab use the same queries, cache and outbox. `addMessageToCache` is the one way a
 * message enters the cache (a sent one now, a realtime event later), so a message is never shown twice.
 */

/** A network failure or a server error may pass; a refusal (4xx other than 408/429) will not. */
export function isTransientSendError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}

const PAGE_SIZE = 30;

type Thread = InfiniteData<MessagePage, string | undefined>;

export function useConversationList() {
  return useQuery({
    queryKey: messageKeys.conversations,
    queryFn: () => callApi(() => api.GET('/api/conversations')) as Promise<ConversationList>,
  });
}

/** A project's conversation: the newest page first, older ones with `fetchNextPage`. */
export function useConversationThread(projectId: string) {
  const query = useInfiniteQuery({
    queryKey: messageKeys.thread(projectId),
    queryFn: ({ pageParam }) =>
      callApi(() =>
        api.GET('/api/projects/{projectId}/messages', {
          params: {
            path: { projectId },
            query: { limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
          },
        }),
      ) as Promise<MessagePage>,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const messages = useMemo(
    () => (query.data ? [...query.data.pages].reverse().flatMap((page) => page.items) : undefined),
    [query.data],
  );
  return {
    messages,
    lastReadSeq: query.data?.pages[0]?.lastReadSeq ?? 0,
    loadFailed: query.isError && !query.data,
    retryLoad: () => void query.refetch(),
    hasOlder: query.hasNextPage,
    loadingOlder: query.isFetchingNextPage,
    loadOlderFailed: query.isFetchNextPageError,
    loadOlder: () => void query.fetchNextPage(),
  };
}

function newestFirst(items: ConversationList['items']): ConversationList['items'] {
  return [...items].sort((a, b) => {
    const at = a.lastMessage?.createdAt ?? '';
    const bt = b.lastMessage?.createdAt ?? '';
    return at === bt ? 0 : at < bt ? 1 : -1;
  });
}

/**
 * Puts a message into the cache: its thread (once, by its client id) and its row of the conversation list
 * (newest message, unread count for the other side's, moved to the top). For sent messages and, later,
 * realtime events.
 */
export function addMessageToCache(client: QueryClient, message: Message): void {
  client.setQueryData<Thread>(messageKeys.thread(message.projectId), (thread) => {
    const [newest, ...older] = thread?.pages ?? [];
    if (!thread || !newest) return thread;
    const known = thread.pages.some((page) =>
      page.items.some((m) => m.id === message.id || m.clientMessageId === message.clientMessageId),
    );
    if (known) return thread;
    const items = [...newest.items, message].sort((a, b) => a.seq - b.seq);
    return { ...thread, pages: [{ ...newest, items }, ...older] };
  });
  const list = client.getQueryData<ConversationList>(messageKeys.conversations);
  if (!list) return;
  if (!list.items.some((row) => row.project.id === message.projectId)) {
    // A conversation the list does not show yet (a new project): read the list again.
    void client.invalidateQueries({ queryKey: messageKeys.conversations });
    return;
  }
  const items = list.items.map((row) => {
    // The seq makes this idempotent: a message already counted is never counted again.
    if (row.project.id !== message.projectId || (row.lastMessage && row.lastMessage.seq >= message.seq))
      return row;
    return { ...row, lastMessage: message, unread: message.mine ? row.unread : row.unread + 1 };
  });
  client.setQueryData<ConversationList>(messageKeys.conversations, { items: newestFirst(items) });
}

/**
 * The dashboard's one outbox per account: sends through the typed client and puts each sent message into
 * the cache. With `accountId` (by default the account the shell announced), unsent messages are kept across a
 * reload (in this browser, for this account).
 */
export function useDashboardOutbox(accountId: string | undefined = outboxAccount()): Outbox<Message> {
  const client = useQueryClient();
  return outboxFor(accountId ?? '', () => {
    const outbox = createOutbox<Message>({
      send: (projectId, body) =>
        callApi(() =>
          api.POST('/api/projects/{projectId}/messages', { params: { path: { projectId } }, body }),
        ) as Promise<Message>,
      isTransient: isTransientSendError,
      storage: accountId ? localOutboxStorage(`message_outbox:${accountId}`) : undefined,
    });
    outbox.onEvent((event) => {
      if (event.type === 'sent') addMessageToCache(client, event.message);
    });
    return outbox;
  });
}

/**
 * Marks a conversation read up to a seq: the thread's read position, its unread count in the list, and the
 * notifications it covered (the API marks those read too).
 */
export function useMarkConversationRead(projectId: string): (upToSeq: number) => void {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (upToSeq: number) =>
      callApi(() =>
        api.POST('/api/projects/{projectId}/messages/read', {
          params: { path: { projectId } },
          body: { upToSeq },
        }),
      ),
    onSuccess: (result) => {
      const lastReadSeq = (result as { lastReadSeq: number }).lastReadSeq;
      client.setQueryData<Thread>(messageKeys.thread(projectId), (thread) => {
        const [newest, ...older] = thread?.pages ?? [];
        if (!thread || !newest) return thread;
        return { ...thread, pages: [{ ...newest, lastReadSeq }, ...older] };
      });
      client.setQueryData<ConversationList>(messageKeys.conversations, (list) =>
        list
          ? { items: list.items.map((row) => (row.project.id === projectId ? { ...row, unread: 0 } : row)) }
          : list,
      );
      void client.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
  const { mutate } = mutation;
  return useCallback((upToSeq: number) => mutate(upToSeq), [mutate]);
}

/**
 * The conversation component's texts on the dashboard: the `messages` namespace's `conversation.*` (the host
 * loads it with its Messages page; a section showing a conversation loads it with `loadTexts('messages')`).
 */
export function useConversationTexts(): { t: ConversationTranslate; lang: string } {
  const { t, i18n } = useTranslation();
  const translate = useCallback<ConversationTranslate>(
    (key, vars) => t(`messages:conversation.${key}`, vars),
    [t],
  );
  return { t: translate, lang: i18n.resolvedLanguage ?? 'en' };
}
