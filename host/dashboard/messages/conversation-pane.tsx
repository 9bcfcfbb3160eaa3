import type { Conversation as ConversationRow } from '../../../shared/contracts/messages';
import { Conversation } from '../../../shared/conversation/conversation';
import {
  useConversationTexts,
  useConversationThread,
  useDashboardOutbox,
  useMarkConversationRead,
} from '../../../shared/conversation/query';
import { useTranslation } from '../../../shared/i18n/react';
import { useAuth } from '../../auth/auth-provider';
import { BackLink } from './back-link';

/** One project's conversation: who it is with, and the thread with its composer. */
export function ConversationPane({ conversation }: { conversation: ConversationRow }) {
  const { t } = useTranslation();
  const texts = useConversationTexts();
  const projectId = conversation.project.id;
  const thread = useConversationThread(projectId);
  const auth = useAuth();
  const outbox = useDashboardOutbox(auth.status === 'signedIn' ? auth.user.id : undefined);
  const markRead = useMarkConversationRead(projectId);
  return (
    <div className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-2 border-b border-line px-3 py-2.5 sm:px-4">
        <BackLink label={t('messages:back')} className="-ml-1 md:hidden" compact />
        <div className="grid min-w-0">
          <h2 className="truncate font-semibold">{conversation.client.name}</h2>
          <p className="truncate text-xs text-muted">{conversation.project.name}</p>
        </div>
      </header>
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
        className="flex-1"
      />
    </div>
  );
}
