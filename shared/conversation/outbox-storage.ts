import { safeStore } from '../i18n/safe-store';
import type { OutboxEntry, OutboxStatus, OutboxStorage } from './outbox';

const STATUSES: readonly OutboxStatus[] = ['queued', 'sending', 'waiting', 'failed'];

function isEntry(value: unknown): value is OutboxEntry {
  if (!value || typeof value !== 'object') return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e.conversationId === 'string' &&
    typeof e.clientMessageId === 'string' &&
    typeof e.body === 'string' &&
    typeof e.createdAt === 'string' &&
    typeof e.autoRetry === 'boolean' &&
    typeof e.attempts === 'number' &&
    STATUSES.includes(e.status as OutboxStatus)
  );
}

/**
 * Unsent messages in `localStorage` (through `safeStore`: blocked or full storage only means they last for
 * this page view) under `key`, which must name the signed-in account, so another account never sends them.
 * Malformed data reads as nothing.
 * @example createOutbox({ send, storage: localOutboxStorage(`message_outbox:${userId}`) })
 */
export function localOutboxStorage(key: string): OutboxStorage {
  return {
    load() {
      try {
        const parsed: unknown = JSON.parse(safeStore.get(key) ?? '[]');
        return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
      } catch {
        return [];
      }
    },
    save(entries) {
      if (entries.length === 0) safeStore.remove(key);
      else safeStore.set(key, JSON.stringify(entries));
    },
  };
}
