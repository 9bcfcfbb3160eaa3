import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { DashboardConversation } from '../../shared/conversation/dashboard-conversation';
import { Spinner } from '../../shared/ui/spinner';
import { useProjectTexts } from './i18n';

/** The host's `messages` namespace (the conversation's texts), loaded through the shared i18next instance. */
function useMessagesNamespace(): boolean {
  const [ready, setReady] = useState(() => i18next.hasLoadedNamespace('messages'));
  useEffect(() => {
    if (ready) return;
    let live = true;
    void i18next.loadNamespaces('messages').then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}

/**
 * The project page's Messages tab: the project's one conversation, the same component, queries, cache and
 * outbox as the dashboard's Messages page (`shared/conversation` is one shared module across host and
 * remotes), so a message sent here is the same one there.
 */
export function MessagesTab({ projectId }: { projectId: string }) {
  const { t } = useProjectTexts();
  const ready = useMessagesNamespace();
  if (!ready) {
    return (
      <div role="status" className="flex items-center justify-center gap-3 py-16 text-sm text-subtle">
        <Spinner />
        <span>{t('detail.messagesLoading')}</span>
      </div>
    );
  }
  return (
    <div className="flex h-[min(70dvh,42rem)] min-h-[22rem] flex-col overflow-hidden rounded-xl border border-line bg-surface">
      <DashboardConversation projectId={projectId} className="flex-1" />
    </div>
  );
}
