import { AlertCircle, Clock, RotateCw, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/spinner';
import { formatTimeOfDay } from './format';
import { MessageText } from './message-text';
import type { OutboxEntry } from './outbox';
import type { ConversationTranslate } from './texts';

/** Sender and time above the first message of a group (same sender, a few minutes apart). */
function Header({ name, at, lang, mine }: { name: string; at: string; lang: string; mine: boolean }) {
  return (
    <div className={cn('flex items-baseline gap-2 px-1 text-xs', mine && 'flex-row-reverse')}>
      <span className="font-medium text-ink">{name}</span>
      <time dateTime={at} title={new Date(at).toLocaleString(lang)} className="text-subtle">
        {formatTimeOfDay(at, lang)}
      </time>
    </div>
  );
}

/** The bubble itself: the viewer's own on the right in the primary colour, the other side's on the left. */
function Bubble({
  mine,
  faded,
  failed,
  children,
}: {
  mine: boolean;
  faded?: boolean;
  failed?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'max-w-[85%] rounded-2xl px-3.5 py-2 sm:max-w-[75%]',
        mine
          ? 'rounded-br-md bg-primary text-on-primary'
          : 'rounded-bl-md bg-surface text-ink ring-1 ring-line',
        faded && 'opacity-70',
        failed && 'ring-2 ring-danger/60 ring-offset-1',
      )}
    >
      {children}
    </div>
  );
}

/** A stored message. */
export function MessageBubble({
  body,
  mine,
  senderName,
  createdAt,
  showHeader,
  lang,
  t,
}: {
  body: string;
  mine: boolean;
  senderName: string;
  createdAt: string;
  showHeader: boolean;
  lang: string;
  t: ConversationTranslate;
}) {
  return (
    <li
      className={cn('grid gap-1', mine ? 'justify-items-end' : 'justify-items-start', showHeader && 'mt-3')}
    >
      {showHeader ? (
        <Header name={mine ? t('you') : senderName} at={createdAt} lang={lang} mine={mine} />
      ) : null}
      <Bubble mine={mine}>
        <MessageText body={body} mine={mine} />
        {showHeader ? null : (
          <span className="sr-only">
            {mine ? t('you') : senderName}, {formatTimeOfDay(createdAt, lang)}
          </span>
        )}
      </Bubble>
    </li>
  );
}

/** One of the viewer's messages the server has not confirmed: sending, waiting for the connection, or not sent. */
export function PendingBubble({
  entry,
  showHeader,
  lang,
  t,
  onRetry,
  onDiscard,
}: {
  entry: OutboxEntry;
  showHeader: boolean;
  lang: string;
  t: ConversationTranslate;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const failed = entry.status === 'failed';
  return (
    <li
      className={cn('grid justify-items-end gap-1', showHeader && 'mt-3')}
      data-status={entry.status}
      data-client-message-id={entry.clientMessageId}
    >
      {showHeader ? <Header name={t('you')} at={entry.createdAt} lang={lang} mine /> : null}
      <Bubble mine faded={!failed} failed={failed}>
        <MessageText body={entry.body} mine />
      </Bubble>
      <div
        className={cn('flex items-center gap-2 px-1 text-xs', failed ? 'text-danger' : 'text-subtle')}
        role={failed ? 'alert' : 'status'}
      >
        {entry.status === 'failed' ? (
          <>
            <AlertCircle aria-hidden="true" className="size-3.5" />
            <span className="font-medium">{t('notSent')}</span>
            <button
              type="button"
              onClick={onRetry}
              className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 font-medium text-primary-strong hover:bg-primary-soft"
            >
              <RotateCw aria-hidden="true" className="size-3.5" />
              {t('retry')}
            </button>
            <button
              type="button"
              onClick={onDiscard}
              className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-muted hover:bg-surface hover:text-ink"
            >
              <Trash2 aria-hidden="true" className="size-3.5" />
              {t('discard')}
            </button>
          </>
        ) : entry.status === 'waiting' ? (
          <>
            <Clock aria-hidden="true" className="size-3.5" />
            <span>{t('waiting')}</span>
          </>
        ) : (
          <>
            <Spinner size="sm" />
            <span>{t('sending')}</span>
          </>
        )}
      </div>
    </li>
  );
}
