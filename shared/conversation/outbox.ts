/**
 * The messages a user has written but the server has not confirmed yet, per conversation. Nothing written is
 * lost: each message gets its client-generated id once (`crypto.randomUUID()`), so sending it again after a
 * lost answer returns the stored message instead of a second one. Messages of one conversation go out in the
 * order they were written, one at a time.
 *
 * - Offline (`navigator.onLine` false) a message waits, and goes out when the browser fires `online`.
 * - A network failure marks it `failed` (Retry offered) and it is retried automatically on `online`.
 * - A refusal by the server (4xx) marks it `failed` without automatic retry: the user may retry or discard.
 *
 * Framework-free: the dashboard feeds `send` from its typed client and TanStack Query cache, the portal from
 * its own data store. React reads it through `useOutbox` (`use-outbox.ts`).
 */

export type OutboxStatus =
  /** Next in line (or being sent right now when `sending`). */
  | 'queued'
  | 'sending'
  /** Offline: goes out when the connection returns. */
  | 'waiting'
  /** The last attempt failed; `autoRetry` says whether `online` retries it. */
  | 'failed';

export interface OutboxEntry {
  conversationId: string;
  clientMessageId: string;
  body: string;
  createdAt: string;
  status: OutboxStatus;
  /** Retried by itself when the browser comes back online (a network failure, not a refusal). */
  autoRetry: boolean;
  attempts: number;
}

export type SendInput = { clientMessageId: string; body: string };

export type OutboxEvent<M> =
  | { type: 'sent'; entry: OutboxEntry; message: M }
  | { type: 'failed'; entry: OutboxEntry; error: unknown };

export interface OutboxOptions<M> {
  /** Sends one message; rejects when it did not arrive. */
  send: (conversationId: string, input: SendInput) => Promise<M>;
  /** Whether a failure may pass by itself (network, 5xx): retried on `online`. Default: always. */
  isTransient?: (error: unknown) => boolean;
  /** Default: `navigator.onLine === false`. */
  isOffline?: () => boolean;
  /** Calls `listener` when the connection returns. Default: the window's `online` event. */
  watchOnline?: (listener: () => void) => () => void;
  newId?: () => string;
  now?: () => Date;
  /**
   * Keeps unsent messages across a reload (a page closed while offline or after a failure). `load` is
   * read once at creation; `save` gets every unsent message after each change. Scope it to the signed-in
   * account (see `outbox-storage.ts`).
   */
  storage?: OutboxStorage;
}

export interface OutboxStorage {
  load(): OutboxEntry[];
  save(entries: OutboxEntry[]): void;
}

export interface Outbox<M> {
  /** Adds a message (trimmed) and starts sending it; returns its entry, or null for an empty text. */
  submit(conversationId: string, body: string): OutboxEntry | null;
  /** Sends a failed or waiting message again (same id). */
  retry(clientMessageId: string): void;
  /** Sends every waiting and transiently failed message again (what `online` does). */
  retryAll(): void;
  /** Removes a message that has not been sent (returns its text, e.g. back into the composer). */
  discard(clientMessageId: string): string | null;
  /** The conversation's unsent messages, oldest first (the same array until something changes). */
  entries(conversationId: string): readonly OutboxEntry[];
  subscribe(listener: () => void): () => void;
  /** Sent and failed messages, for toasts and caches. */
  onEvent(listener: (event: OutboxEvent<M>) => void): () => void;
  /** Drops every unsent message (and its stored copy): the account is leaving this browser. */
  forget(): void;
  dispose(): void;
}

const EMPTY: readonly OutboxEntry[] = Object.freeze([]);

/**
 * A random (version 4) UUID for a new message: `crypto.randomUUID()`, which browsers give only to secure
 * pages (https, localhost); elsewhere the same format from `crypto.getRandomValues`.
 */
export function newClientMessageId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function defaultWatchOnline(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  window.addEventListener('online', listener);
  return () => window.removeEventListener('online', listener);
}

/**
 * Creates an outbox. One per app (the dashboard's, the portal's), kept for the page's life so a message
 * still goes out after its conversation was closed.
 * @example const outbox = createOutbox({ send: (projectId, input) => api.sendMessage(projectId, input) })
 */
export function createOutbox<M>(options: OutboxOptions<M>): Outbox<M> {
  const {
    send,
    isTransient = () => true,
    isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false,
    watchOnline = defaultWatchOnline,
    newId = newClientMessageId,
    now = () => new Date(),
    storage,
  } = options;
  const byConversation = new Map<string, readonly OutboxEntry[]>();
  const pumping = new Set<string>();
  const listeners = new Set<() => void>();
  const eventListeners = new Set<(event: OutboxEvent<M>) => void>();

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const emitEvent = (event: OutboxEvent<M>) => {
    for (const listener of eventListeners) listener(event);
  };

  function update(conversationId: string, change: (list: readonly OutboxEntry[]) => OutboxEntry[]) {
    const next = change(byConversation.get(conversationId) ?? EMPTY);
    if (next.length === 0) byConversation.delete(conversationId);
    else byConversation.set(conversationId, next);
    storage?.save([...byConversation.values()].flat());
    emit();
  }

  function patch(conversationId: string, clientMessageId: string, changes: Partial<OutboxEntry>) {
    update(conversationId, (list) =>
      list.map((e) => (e.clientMessageId === clientMessageId ? { ...e, ...changes } : e)),
    );
  }

  function find(clientMessageId: string): OutboxEntry | undefined {
    for (const list of byConversation.values()) {
      const entry = list.find((e) => e.clientMessageId === clientMessageId);
      if (entry) return entry;
    }
    return undefined;
  }

  /** Sends the conversation's queued messages in order, one at a time. */
  async function pump(conversationId: string) {
    if (pumping.has(conversationId)) return;
    pumping.add(conversationId);
    try {
      for (;;) {
        const next = (byConversation.get(conversationId) ?? EMPTY).find((e) => e.status === 'queued');
        if (!next) return;
        if (isOffline()) {
          update(conversationId, (list) =>
            list.map((e) => (e.status === 'queued' ? { ...e, status: 'waiting' } : e)),
          );
          return;
        }
        const attempts = next.attempts + 1;
        patch(conversationId, next.clientMessageId, { status: 'sending', attempts });
        try {
          const message = await send(conversationId, {
            clientMessageId: next.clientMessageId,
            body: next.body,
          });
          update(conversationId, (list) => list.filter((e) => e.clientMessageId !== next.clientMessageId));
          emitEvent({ type: 'sent', entry: { ...next, attempts }, message });
        } catch (error) {
          const transient = isTransient(error);
          const failed: OutboxEntry = { ...next, attempts, status: 'failed', autoRetry: transient };
          update(conversationId, (list) =>
            list.map((e) => {
              if (e.clientMessageId === next.clientMessageId) return failed;
              // After a network failure the ones behind it wait for the connection rather than fail too.
              return transient && e.status === 'queued' ? { ...e, status: 'waiting' } : e;
            }),
          );
          emitEvent({ type: 'failed', entry: failed, error });
          if (transient) return;
        }
      }
    } finally {
      pumping.delete(conversationId);
    }
  }

  function requeue(conversationId: string, which: (e: OutboxEntry) => boolean) {
    update(conversationId, (list) => list.map((e) => (which(e) ? { ...e, status: 'queued' } : e)));
    void pump(conversationId);
  }

  function retryAll() {
    for (const conversationId of [...byConversation.keys()]) {
      requeue(conversationId, (e) => e.status === 'waiting' || (e.status === 'failed' && e.autoRetry));
    }
  }

  const stopWatching = watchOnline(retryAll);

  // Messages kept from an earlier page: all of them go out again (the server keeps one per client id).
  const kept = storage?.load() ?? [];
  for (const entry of kept) {
    const list = byConversation.get(entry.conversationId) ?? EMPTY;
    const status: OutboxStatus = entry.status === 'failed' && !entry.autoRetry ? 'failed' : 'queued';
    byConversation.set(entry.conversationId, [...list, { ...entry, status }]);
  }
  for (const conversationId of [...byConversation.keys()]) void pump(conversationId);

  return {
    submit(conversationId, body) {
      const text = body.trim();
      if (!text) return null;
      const entry: OutboxEntry = {
        conversationId,
        clientMessageId: newId(),
        body: text,
        createdAt: now().toISOString(),
        status: 'queued',
        autoRetry: true,
        attempts: 0,
      };
      update(conversationId, (list) => [...list, entry]);
      void pump(conversationId);
      return entry;
    },
    retry(clientMessageId) {
      const entry = find(clientMessageId);
      if (!entry || entry.status === 'sending' || entry.status === 'queued') return;
      // The ones waiting behind it go with it, in order.
      requeue(entry.conversationId, (e) => e.clientMessageId === clientMessageId || e.status === 'waiting');
    },
    retryAll,
    discard(clientMessageId) {
      const entry = find(clientMessageId);
      if (!entry || entry.status === 'sending') return null;
      update(entry.conversationId, (list) => list.filter((e) => e.clientMessageId !== clientMessageId));
      return entry.body;
    },
    entries: (conversationId) => byConversation.get(conversationId) ?? EMPTY,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onEvent(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    forget() {
      byConversation.clear();
      storage?.save([]);
      emit();
    },
    dispose() {
      stopWatching();
      listeners.clear();
      eventListeners.clear();
    },
  };
}
