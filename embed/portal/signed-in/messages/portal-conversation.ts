import { useCallback, useState } from 'react';
import { ApiError } from '../../../../shared/api/error';
import type { ConversationList, Message } from '../../../../shared/contracts/messages';
import { createOutbox, type Outbox } from '../../../../shared/conversation/outbox';
import { localOutboxStorage } from '../../../../shared/conversation/outbox-storage';
import type { ConversationTranslate } from '../../../../shared/conversation/texts';
import { call } from '../../api/portal-api';
import { useI18n } from '../../i18n/i18n-context';
import { readSession } from '../../session/session-store';
import { store, useData } from '../data-store';
import { messageArrived } from '../notifications/provider-messages';
import { portalKeys } from '../portal-data';
import { listWithMessage, type ThreadData, withMessage, withNewestPage, withOlderPage } from './thread-data';
import { onForgetUnsent, unsentKey } from './unsent';

/*
 * The portal's adapter of the shared conversation (`shared/conversation`): its messages, paging and read
 * position in the portal's data store, and one outbox for the portal. A message enters the store through
 * `addMessage` only (a sent one now, a live one from the realtime socket later), so it is shown once.
 */

const PAGE_SIZE = 30;

function fetchPage(portalId: string, projectId: string, cursor: string | undefined, network: string) {
  return call(
    (api) =>
      api.GET('/api/portal/{portalId}/projects/{projectId}/messages', {
        params: { path: { portalId, projectId }, query: { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) } },
      }),
    network,
  );
}

/** Puts a message into its thread and its conversation row (once each). */
export function addMessage(portalId: string, message: Message): void {
  store.setData<ThreadData>(portalKeys.messages(portalId, message.projectId), (old) =>
    withMessage(old, message),
  );
  store.setData<ConversationList>(portalKeys.conversations(portalId), (old) =>
    old ? listWithMessage(old, message) : old,
  );
}

/** A network failure or a server error may pass (sent again when back online); a refusal will not. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}

/** The outbox of the signed-in client (another client signing in here gets a new one). */
let current: { owner: string; outbox: Outbox<Message> } | null = null;

/**
 * The portal's outbox, one per signed-in client for the page's life: a message written here goes out
 * even after its conversation was closed, always with the session of the client who wrote it (never the
 * next one's, should the widget sign another client in meanwhile), and each sent one is put into the
 * store.
 */
export function portalOutbox(portalId: string, network: string): Outbox<Message> {
  const session = readSession();
  const owner = `${portalId}:${session?.client.id ?? ''}`;
  if (current?.owner === owner) return current.outbox;
  current?.outbox.dispose();
  const headers = session ? { Authorization: `Bearer ${session.token}` } : undefined;
  const outbox = createOutbox<Message>({
    // Unsent messages outlive the page (a reload while offline), kept for this client only.
    ...(session ? { storage: localOutboxStorage(unsentKey(portalId, session.client.id)) } : {}),
    // The generated type of a message is nullable (the conversation list's `lastMessage` shares its
    // schema); the send route always answers with one.
    send: (projectId, body) =>
      call(
        (api) =>
          api.POST('/api/portal/{portalId}/projects/{projectId}/messages', {
            params: { path: { portalId, projectId } },
            body,
            ...(headers ? { headers } : {}),
          }),
        network,
      ) as Promise<Message>,
    isTransient,
  });
  outbox.onEvent((event) => {
    if (event.type !== 'sent') return;
    addMessage(portalId, event.message);
    store.invalidate(portalKeys.projectActivity(portalId, event.message.projectId));
  });
  current = { owner, outbox };
  onForgetUnsent(() => outbox.forget());
  return outbox;
}

/** Reading marks read (up to a seq): the thread's position, the counts that show it, the notifications it covered. */
async function markRead(portalId: string, projectId: string, upToSeq: number, network: string) {
  const { lastReadSeq } = await call(
    (api) =>
      api.POST('/api/portal/{portalId}/projects/{projectId}/messages/read', {
        params: { path: { portalId, projectId } },
        body: { upToSeq },
      }),
    network,
  );
  store.setData<ThreadData>(portalKeys.messages(portalId, projectId), (old) =>
    old ? { ...old, lastReadSeq: Math.max(old.lastReadSeq, lastReadSeq) } : old,
  );
  store.setData<ConversationList>(portalKeys.conversations(portalId), (old) =>
    old
      ? { items: old.items.map((row) => (row.project.id === projectId ? { ...row, unread: 0 } : row)) }
      : old,
  );
  for (const key of [
    portalKeys.project(portalId, projectId),
    portalKeys.projects(portalId),
    portalKeys.dashboard(portalId),
    ['portal', portalId, 'notifications'],
  ]) {
    store.invalidate(key);
  }
}

/** What `<Conversation>` needs for one project of the signed-in client. */
export function usePortalConversation(portalId: string, projectId: string) {
  const { t, lang } = useI18n();
  const network = t('errors.network');
  const key = portalKeys.messages(portalId, projectId);
  const thread = useData<ThreadData>(key, async () => {
    const page = await fetchPage(portalId, projectId, undefined, network);
    return withNewestPage(store.state<ThreadData>(key).data, page);
  });
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [loadOlderFailed, setLoadOlderFailed] = useState(false);
  const olderCursor = thread.data?.olderCursor ?? null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for portal and project
  const loadOlder = useCallback(() => {
    if (loadingOlder || olderCursor === null) return;
    setLoadingOlder(true);
    setLoadOlderFailed(false);
    fetchPage(portalId, projectId, olderCursor, network)
      .then((page) => store.setData<ThreadData>(key, (old) => (old ? withOlderPage(old, page) : old)))
      .catch(() => setLoadOlderFailed(true))
      .finally(() => setLoadingOlder(false));
  }, [portalId, projectId, olderCursor, loadingOlder, network]);

  const onRead = useCallback(
    (upToSeq: number) => {
      markRead(portalId, projectId, upToSeq, network).catch((error: unknown) =>
        console.error('Could not mark the conversation read', error),
      );
    },
    [portalId, projectId, network],
  );

  const translate: ConversationTranslate = useCallback(
    (textKey, vars) => t(`conversation.${textKey}`, vars),
    [t],
  );

  return {
    conversationId: projectId,
    messages: thread.data?.items,
    loadFailed: thread.error !== null && thread.data === undefined,
    onRetryLoad: () => void thread.refetch(),
    hasOlder: thread.data?.hasOlder ?? false,
    loadingOlder,
    loadOlderFailed,
    onLoadOlder: loadOlder,
    lastReadSeq: thread.data?.lastReadSeq ?? 0,
    onRead,
    outbox: portalOutbox(portalId, network),
    t: translate,
    lang,
  };
}

/**
 * A live message for the signed-in client (the realtime socket, wired by the app): into its thread and
 * its conversation row at once; the provider's is announced to the widget's page (`message.received`).
 */
export function receiveMessage(portalId: string, message: Message): void {
  addMessage(portalId, message);
  if (message.mine) return;
  messageArrived(message);
  store.invalidate(portalKeys.project(portalId, message.projectId));
  store.invalidate(portalKeys.projects(portalId));
  store.invalidate(portalKeys.dashboard(portalId));
}
