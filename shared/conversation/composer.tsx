import { SendHorizontal, WifiOff } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import type { ConversationTranslate } from './texts';
import { useOffline } from './use-outbox';

/**
 * The API's limit (`MESSAGE_MAX_LENGTH` of `shared/contracts/messages.ts`, equal by test), kept here so the
 * composer does not bring zod into the page.
 */
export const MESSAGE_MAX_LENGTH = 5000;

/** Drafts by conversation, so switching conversations and back keeps what was being written. */
const drafts = new Map<string, string>();

/** Show the remaining characters from here on. */
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 500;

/**
 * The message box: Enter sends, Shift+Enter starts a new line (the habit of Slack and Intercom; on a touch
 * screen Enter is a new line and the button sends). Sending
 * hands the text to the outbox and empties the box at once; the text lives on in its bubble until the
 * server has it. Offline, it says so and still accepts messages (they go out when the connection returns).
 */
export function Composer({
  conversationId,
  onSend,
  t,
  restore,
}: {
  conversationId: string;
  onSend: (body: string) => void;
  t: ConversationTranslate;
  /** A discarded message's text, put back into the box to edit. */
  restore: { text: string; at: number } | null;
}) {
  const [text, setText] = useState(() => drafts.get(conversationId) ?? '');
  const area = useRef<HTMLTextAreaElement>(null);
  const offline = useOffline();
  const hintId = useId();
  const tooLong = text.length > MESSAGE_MAX_LENGTH;

  useEffect(() => {
    if (!restore) return;
    setText((current) => (current.trim() ? `${restore.text}\n${current}` : restore.text));
    area.current?.focus();
  }, [restore]);

  useEffect(() => {
    if (text) drafts.set(conversationId, text);
    else drafts.delete(conversationId);
  }, [conversationId, text]);

  // Grows with its text up to about six lines, then scrolls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measured whenever the text changes
  useEffect(() => {
    const element = area.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, 160)}px`;
  }, [text]);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!text.trim() || tooLong) return;
    onSend(text);
    setText('');
    area.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    // On a touch screen the keyboard's Enter starts a new line; the Send button sends.
    if (window.matchMedia?.('(pointer: coarse)').matches) return;
    submit(event);
  }

  return (
    <form onSubmit={submit} className="grid gap-1.5 border-t border-line bg-canvas p-3">
      {offline ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-lg bg-warning-soft px-3 py-1.5 text-xs text-warning"
        >
          <WifiOff aria-hidden="true" className="size-3.5 shrink-0" />
          {t('offline')}
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        <textarea
          ref={area}
          rows={1}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          aria-label={t('composerLabel')}
          aria-describedby={hintId}
          aria-invalid={tooLong || undefined}
          placeholder={t('composerPlaceholder')}
          className={cn(
            'max-h-40 min-h-10 flex-1 resize-none rounded-xl border bg-canvas px-3 py-2 text-sm leading-relaxed',
            'placeholder:text-subtle focus:border-primary focus:outline-none',
            tooLong ? 'border-danger' : 'border-line',
          )}
        />
        <Button type="submit" size="md" disabled={!text.trim() || tooLong} aria-label={t('send')}>
          <SendHorizontal aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">{t('send')}</span>
        </Button>
      </div>
      <p
        id={hintId}
        className={cn('flex justify-between gap-2 px-1 text-xs', tooLong ? 'text-danger' : 'text-subtle')}
      >
        <span className="hidden sm:inline">{t('composerHint')}</span>
        {text.length >= COUNTER_FROM ? (
          <span className="ml-auto tabular-nums">
            {tooLong ? t('tooLong', { max: MESSAGE_MAX_LENGTH }) : `${text.length} / ${MESSAGE_MAX_LENGTH}`}
          </span>
        ) : null}
      </p>
    </form>
  );
}
