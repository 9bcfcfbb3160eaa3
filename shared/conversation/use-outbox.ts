import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { toast } from '../ui/toaster';
import type { Outbox, OutboxEntry } from './outbox';
import type { ConversationTranslate } from './texts';
import type { ConversationMessage } from './types';

/** The conversation's unsent messages, re-rendered when the outbox changes. */
export function useOutboxEntries(
  outbox: Outbox<ConversationMessage>,
  conversationId: string,
): readonly OutboxEntry[] {
  const subscribe = useCallback((listener: () => void) => outbox.subscribe(listener), [outbox]);
  const read = () => outbox.entries(conversationId);
  return useSyncExternalStore(subscribe, read, read);
}

/** One toast id, so a new outcome replaces the last one instead of stacking. */
const SEND_TOAST_ID = 'conversation-send';

/** Spec §8: 'Message sent successfully' / 'Failed to send message', while a conversation is open. */
export function useSendToasts(outbox: Outbox<ConversationMessage>, t: ConversationTranslate) {
  const translate = useRef(t);
  translate.current = t;
  useEffect(
    () =>
      outbox.onEvent((event) => {
        if (event.type === 'sent') toast.success(translate.current('sent'), { id: SEND_TOAST_ID });
        else toast.error(translate.current('sendFailed'), { id: SEND_TOAST_ID });
      }),
    [outbox],
  );
}

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it is offline (the composer then says messages go out later). */
export function useOffline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine === false,
    () => false,
  );
}
