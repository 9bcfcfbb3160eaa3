import { Conversation } from './conversation';
import {
  useConversationTexts,
  useConversationThread,
  useDashboardOutbox,
  useMarkConversationRead,
} from './query';

/**
 * A project's conversation on the dashboard, wired to its TanStack queries, the account's outbox and the
 * `messages:conversation.*` texts: the Messages page and the project page's Messages tab show this one.
 */
export function DashboardConversation({ projectId, className }: { projectId: string; className?: string }) {
  const texts = useConversationTexts();
  const thread = useConversationThread(projectId);
  const outbox = useDashboardOutbox();
  const markRead = useMarkConversationRead(projectId);
  return (
    <Conversation
      conversationId={projectId}
      messages={thread.messages}
      loadFailed={thread.loadFailed}
      onRetryLoad={thread.retryLoad}
      hasOlder={thread.hasOlder}
      loadingOlder={thread.loadingOlder}
      loadOlderFailed={thread.loadOlderFailed}
      onLoadOlder={thread.loadOlder}
      lastReadSeq={thread.lastReadSeq}
      onRead={markRead}
      outbox={outbox}
      t={texts.t}
      lang={texts.lang}
      {...(className ? { className } : {})}
    />
  );
}
