import type { Message } from '../contracts/messages';
import type { OutboxEntry } from './outbox';

/** A message as the API gives it (both audiences: `mine` says whether the viewer's side wrote it). */
export type ConversationMessage = Message;

/** One row of the thread: a stored message, or one of the viewer's own still in the outbox. */
export type ThreadItem =
  | { kind: 'message'; key: string; message: ConversationMessage }
  | { kind: 'pending'; key: string; entry: OutboxEntry };

/**
 * The thread's rows, oldest first: the stored messages, then the viewer's unsent ones that the server has
 * not returned yet (a message the server already has, by its client id, is shown once, as stored).
 */
export function threadItems(
  messages: readonly ConversationMessage[],
  pending: readonly OutboxEntry[],
): ThreadItem[] {
  const stored = new Set(messages.map((m) => m.clientMessageId));
  return [
    ...messages.map((message) => ({ kind: 'message' as const, key: message.clientMessageId, message })),
    ...pending
      .filter((entry) => !stored.has(entry.clientMessageId))
      .map((entry) => ({ kind: 'pending' as const, key: entry.clientMessageId, entry })),
  ];
}
