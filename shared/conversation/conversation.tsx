import { MessageSquare } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/spinner';
import { Composer } from './composer';
import { markConversationOpen } from './open-conversations';
import type { Outbox } from './outbox';
import type { ConversationTranslate } from './texts';
import { Thread } from './thread';
import { type ConversationMessage, threadItems } from './types';
import { useOutboxEntries, useSendToasts } from './use-outbox';

export type ConversationProps = {
  /** The project whose conversation this is (the outbox's key). */
  conversationId: string;
  /** Loaded messages, oldest first; undefined until the first page is here. */
  messages: readonly ConversationMessage[] | undefined;
  /** The first page failed to load: shows the failure with `onRetryLoad`. */
  loadFailed?: boolean;
  onRetryLoad?: () => void;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlderFailed?: boolean;
  onLoadOlder: () => void;
  /** How far the viewer's side has read (the API's `lastReadSeq`). */
  lastReadSeq: number;
  /** Called with the newest seq once it is shown while the page is visible: the app marks it read. */
  onRead: (upToSeq: number) => void;
  /** Where sending happens (`createOutbox`): one per app, so a message outlives a closed conversation. */
  outbox: Outbox<ConversationMessage>;
  t: ConversationTranslate;
  lang: string;
  className?: string;
};

/**
 * A project's conversation, for the dashboard and the portal alike: the thread and the composer. Data comes
 * in through props and goes out through `onLoadOlder`, `onRead` and the outbox, so each app feeds it from
 * its own store (the dashboard from TanStack Query, `shared/conversation/query.ts`); texts come through `t`
 * (keys in `texts.ts`). Fills its parent's height: give the parent one.
 */
export function Conversation(props: ConversationProps) {
  // A fresh view per conversation: its unread marker, scroll position and draft are its own.
  return <ConversationView key={props.conversationId} {...props} />;
}

function ConversationView({
  conversationId,
  messages,
  loadFailed,
  onRetryLoad,
  hasOlder,
  loadingOlder,
  loadOlderFailed = false,
  onLoadOlder,
  lastReadSeq,
  onRead,
  outbox,
  t,
  lang,
  className,
}: ConversationProps) {
  const pending = useOutboxEntries(outbox, conversationId);
  useSendToasts(outbox, t);
  const items = useMemo(() => threadItems(messages ?? [], pending), [messages, pending]);
  // A message the server stored although its answer was lost (it arrived live, or with a refetch): the
  // outbox's failed or waiting copy is done with, so it is neither retried nor kept for the next visit.
  useEffect(() => {
    const stored = new Set((messages ?? []).map((m) => m.clientMessageId));
    for (const entry of pending) {
      if (entry.status !== 'sending' && stored.has(entry.clientMessageId))
        outbox.discard(entry.clientMessageId);
    }
  }, [messages, pending, outbox]);
  const [restore, setRestore] = useState<{ text: string; at: number } | null>(null);

  // The marker stays where it was when the conversation opened, even once the messages are marked read.
  const [unreadAfterSeq, setUnreadAfterSeq] = useState<number | null>(null);
  const loaded = messages !== undefined;
  useEffect(() => {
    if (loaded) setUnreadAfterSeq((current) => current ?? lastReadSeq);
  }, [loaded, lastReadSeq]);

  useMarkRead(messages, lastReadSeq, onRead);
  useEffect(() => markConversationOpen(conversationId), [conversationId]);

  return (
    <section className={cn('flex h-full min-h-0 flex-col', className)}>
      {loadFailed && !loaded ? (
        <div role="alert" className="grid flex-1 place-items-center content-center gap-3 p-6 text-center">
          <p className="text-sm font-medium text-danger">{t('loadFailed')}</p>
          {onRetryLoad ? (
            <Button variant="secondary" size="sm" onClick={onRetryLoad}>
              {t('tryAgain')}
            </Button>
          ) : null}
        </div>
      ) : !loaded ? (
        <div role="status" className="flex flex-1 items-center justify-center gap-2 text-sm text-subtle">
          <Spinner size="sm" />
          {t('loading')}
        </div>
      ) : (
        <Thread
          items={items}
          unreadAfterSeq={unreadAfterSeq}
          hasOlder={hasOlder}
          loadingOlder={loadingOlder}
          loadOlderFailed={loadOlderFailed}
          onLoadOlder={onLoadOlder}
          lang={lang}
          t={t}
          onRetry={(id) => outbox.retry(id)}
          onDiscard={(id) => {
            const text = outbox.discard(id);
            if (text) setRestore({ text, at: Date.now() });
          }}
          empty={
            <div className="grid place-items-center gap-3 px-6 py-12 text-center">
              <span className="grid size-12 place-items-center rounded-full bg-primary-soft text-primary">
                <MessageSquare aria-hidden="true" className="size-5" />
              </span>
              <div className="grid gap-1">
                <p className="font-medium">{t('empty')}</p>
                <p className="text-sm text-muted">{t('emptyBody')}</p>
              </div>
            </div>
          }
        />
      )}
      <Composer
        conversationId={conversationId}
        onSend={(body) => outbox.submit(conversationId, body)}
        t={t}
        restore={restore}
      />
    </section>
  );
}

/** Reports the newest message as read while the conversation is shown in a visible page. */
function useMarkRead(
  messages: readonly ConversationMessage[] | undefined,
  lastReadSeq: number,
  onRead: (upToSeq: number) => void,
) {
  const newestSeq = messages?.at(-1)?.seq ?? 0;
  // Only the other side's messages make a conversation unread: the viewer's own never ask for a read call.
  const newestTheirs = messages?.findLast((m) => !m.mine)?.seq ?? 0;
  const reported = useRef(0);
  const latest = useRef(onRead);
  latest.current = onRead;
  useEffect(() => {
    if (newestTheirs <= lastReadSeq) return;
    const report = () => {
      if (document.visibilityState !== 'visible' || reported.current >= newestSeq) return;
      reported.current = newestSeq;
      latest.current(newestSeq);
    };
    report();
    document.addEventListener('visibilitychange', report);
    return () => document.removeEventListener('visibilitychange', report);
  }, [newestSeq, newestTheirs, lastReadSeq]);
}
