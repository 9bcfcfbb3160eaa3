import type { Conversation as ConversationRow } from '../../../shared/contracts/messages';
import { DashboardConversation } from '../../../shared/conversation/dashboard-conversation';
import { useTranslation } from '../../../shared/i18n/react';
import { BackLink } from './back-link';

/** One project's conversation: who it is with, and the thread with its composer. */
export function ConversationPane({ conversation }: { conversation: ConversationRow }) {
  const { t } = useTranslation();
  const projectId = conversation.project.id;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-2 border-b border-line px-3 py-2.5 sm:px-4">
        <BackLink label={t('messages:back')} className="-ml-1 md:hidden" compact />
        <div className="grid min-w-0">
          <h2 className="truncate font-semibold">{conversation.client.name}</h2>
          <p className="truncate text-xs text-muted">{conversation.project.name}</p>
        </div>
      </header>
      <DashboardConversation projectId={projectId} className="flex-1" />
    </div>
  );
}
