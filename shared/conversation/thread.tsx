import { ArrowDown } from 'lucide-react';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../ui/cn';
import { Spinner } from '../ui/spinner';
import { dayKey, dayLabel } from './format';
import { MessageBubble, PendingBubble } from './message-bubble';
import type { ConversationTranslate } from './texts';
import type { ThreadItem } from './types';

/** A new sender header after this pause between two messages of the same sender. */
const GROUP_GAP_MS = 5 * 60_000;
/** Older messages load when the top is this close (px). */
const LOAD_OLDER_WITHIN = 240;
/** Counts as "at the bottom" within this distance (px): new messages then keep the view at the bottom. */
const STICK_WITHIN = 64;

type Row = { item: ThreadItem; at: string; mine: boolean; sender: string };

function rowOf(item: ThreadItem): Row {
  return item.kind === 'message'
    ? {
        item,
        at: item.message.createdAt,
        mine: item.message.mine,
        // The viewer's own messages, stored or not yet, are one sender.
        sender: item.message.mine ? 'me' : `${item.message.sender.type}:${item.message.sender.name}`,
      }
    : { item, at: item.entry.createdAt, mine: true, sender: 'me' };
}

/**
 * The scrolling thread: newest at the bottom, older pages loaded when scrolled near the top (the view stays
 * on the same message while they are put above), a "New messages" line above the first unread message from
 * the other side, day separators, and the sender and time at the start of each group.
 */
export function Thread({
  items,
  unreadAfterSeq,
  hasOlder,
  loadingOlder,
  loadOlderFailed,
  onLoadOlder,
  lang,
  t,
  onRetry,
  onDiscard,
  empty,
}: {
  items: ThreadItem[];
  /** The marker goes above the first message from the other side with a larger seq (null: no marker). */
  unreadAfterSeq: number | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlderFailed: boolean;
  onLoadOlder: () => void;
  lang: string;
  t: ConversationTranslate;
  onRetry: (clientMessageId: string) => void;
  onDiscard: (clientMessageId: string) => void;
  empty: ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const placed = useRef(false);
  const previous = useRef<{ first?: string; last?: string; height: number; top: number }>({
    height: 0,
    top: 0,
  });
  const [scrollTick, setScrollTick] = useState(0);
  /** A message from the other side arrived while the reader was further up. */
  const [newBelow, setNewBelow] = useState(false);

  const first = items[0]?.key;
  const last = items.at(-1)?.key;
  const lastMine = items.at(-1) ? rowOf(items.at(-1) as ThreadItem).mine : false;

  // Keeps the view where the reader expects it when rows arrive: at the unread marker (or the bottom) on
  // first show, on the same message when older ones are put above, at the bottom for a new message when
  // the reader was there (or wrote it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the first or last row changes
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = previous.current;
    if (!placed.current) {
      if (items.length > 0) {
        const marker = element.querySelector<HTMLElement>('[data-unread-marker]');
        element.scrollTop = marker ? marker.offsetTop - 24 : element.scrollHeight;
        placed.current = true;
      }
    } else if (before.first && first !== before.first && last === before.last) {
      element.scrollTop = before.top + (element.scrollHeight - before.height);
    } else if (last !== before.last && (atBottom.current || lastMine)) {
      element.scrollTop = element.scrollHeight;
    } else if (last !== before.last) {
      setNewBelow(true);
    }
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_WITHIN;
    previous.current = { first, last, height: element.scrollHeight, top: element.scrollTop };
  }, [first, last]);

  // Older pages: when the reader is near the top (also when one page does not fill the view).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked after each scroll and page
  useEffect(() => {
    const element = scroller.current;
    if (!element || !placed.current || !hasOlder || loadingOlder || loadOlderFailed) return;
    if (element.scrollTop < LOAD_OLDER_WITHIN) onLoadOlder();
  }, [scrollTick, hasOlder, loadingOlder, loadOlderFailed, first]);

  function onScroll() {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_WITHIN;
    if (atBottom.current) setNewBelow(false);
    previous.current = { ...previous.current, height: element.scrollHeight, top: element.scrollTop };
    if (element.scrollTop < LOAD_OLDER_WITHIN) setScrollTick((n) => n + 1);
  }

  const rows = items.map(rowOf);
  const markerIndex =
    unreadAfterSeq === null
      ? -1
      : rows.findIndex((r) => r.item.kind === 'message' && !r.mine && r.item.message.seq > unreadAfterSeq);
  const words = { today: t('today'), yesterday: t('yesterday') };

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      {newBelow ? (
        <button
          type="button"
          onClick={() => {
            const element = scroller.current;
            if (element) element.scrollTo({ top: element.scrollHeight, behavior: 'smooth' });
            setNewBelow(false);
          }}
          className="absolute bottom-3 left-1/2 z-10 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-primary px-3 py-1.5 text-xs font-medium text-on-primary shadow-md hover:bg-primary-strong"
        >
          <ArrowDown aria-hidden="true" className="size-3.5" />
          {t('jumpToLatest')}
        </button>
      ) : null}
      <div
        ref={scroller}
        onScroll={onScroll}
        // The browser's own scroll anchoring would move the view a second time when older rows arrive.
        className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-2 [overflow-anchor:none] sm:px-4"
      >
        {/* A short conversation sits at the bottom, by the composer, as in every chat. */}
        <div className="flex min-h-full flex-col justify-end">
          <div className="grid h-10 place-items-center text-xs text-subtle">
            {loadingOlder ? (
              <span role="status" className="flex items-center gap-2">
                <Spinner size="sm" />
                {t('loadingOlder')}
              </span>
            ) : loadOlderFailed ? (
              <button
                type="button"
                onClick={onLoadOlder}
                className="rounded-md px-2 py-1 font-medium text-danger hover:bg-danger-soft"
              >
                {t('loadOlderFailed')} {t('tryAgain')}
              </button>
            ) : !hasOlder && items.length > 0 ? (
              <span>{t('beginning')}</span>
            ) : null}
          </div>
          {items.length === 0 ? (
            empty
          ) : (
            <ol aria-label={t('threadLabel')} className="grid gap-1 pb-2">
              {rows.map((row, index) => {
                const before = rows[index - 1];
                const newDay = !before || dayKey(before.at) !== dayKey(row.at);
                const marker = index === markerIndex;
                const showHeader =
                  newDay ||
                  marker ||
                  !before ||
                  before.sender !== row.sender ||
                  new Date(row.at).getTime() - new Date(before.at).getTime() > GROUP_GAP_MS;
                return (
                  <Row
                    key={row.item.key}
                    row={row}
                    newDay={newDay ? dayLabel(row.at, lang, words) : null}
                    marker={marker ? t('unreadMarker') : null}
                    showHeader={showHeader}
                    lang={lang}
                    t={t}
                    onRetry={onRetry}
                    onDiscard={onDiscard}
                  />
                );
              })}
            </ol>
          )}
        </div>
      </div>
    </div>
  );
}

function Separator({ label, tone, marker }: { label: string; tone: 'day' | 'unread'; marker?: boolean }) {
  return (
    <li
      data-unread-marker={marker || undefined}
      className={cn(
        'my-3 flex items-center gap-3 text-xs font-medium',
        tone === 'unread' ? 'text-danger' : 'text-subtle',
      )}
    >
      <span
        aria-hidden="true"
        className={cn('h-px flex-1', tone === 'unread' ? 'bg-danger/40' : 'bg-line')}
      />
      <span>{label}</span>
      <span
        aria-hidden="true"
        className={cn('h-px flex-1', tone === 'unread' ? 'bg-danger/40' : 'bg-line')}
      />
    </li>
  );
}

function Row({
  row,
  newDay,
  marker,
  showHeader,
  lang,
  t,
  onRetry,
  onDiscard,
}: {
  row: Row;
  newDay: string | null;
  marker: string | null;
  showHeader: boolean;
  lang: string;
  t: ConversationTranslate;
  onRetry: (clientMessageId: string) => void;
  onDiscard: (clientMessageId: string) => void;
}) {
  const { item } = row;
  return (
    <>
      {newDay ? <Separator label={newDay} tone="day" /> : null}
      {marker ? <Separator label={marker} tone="unread" marker /> : null}
      {item.kind === 'message' ? (
        <MessageBubble
          body={item.message.body}
          mine={item.message.mine}
          senderName={item.message.sender.name}
          createdAt={item.message.createdAt}
          showHeader={showHeader}
          lang={lang}
          t={t}
        />
      ) : (
        <PendingBubble
          entry={item.entry}
          showHeader={showHeader}
          lang={lang}
          t={t}
          onRetry={() => onRetry(item.entry.clientMessageId)}
          onDiscard={() => onDiscard(item.entry.clientMessageId)}
        />
      )}
    </>
  );
}
