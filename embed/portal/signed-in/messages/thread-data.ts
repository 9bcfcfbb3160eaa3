import type { ConversationList, Message } from '../../../../shared/contracts/messages';

/*
 * A project's conversation as the portal's data store keeps it: every message loaded so far (oldest first),
 * whether older ones exist, and how far the client has read. Pure functions, so the merging rules (a
 * message is listed once; a refreshed newest page keeps the older pages loaded before) can be tested.
 */

export interface ThreadData {
  items: Message[];
  hasOlder: boolean;
  /** Where the page of older messages starts (the oldest page's `nextCursor`); null: none older. */
  olderCursor: string | null;
  lastReadSeq: number;
}

/** A page as the typed client gives it (its generated type lets an item be null). */
export interface Page {
  items: readonly (Message | null)[];
  nextCursor: string | null;
  lastReadSeq: number;
}

const bySeq = (a: Message, b: Message) => a.seq - b.seq;

/** Messages of both lists, each once (by id or by its client id), oldest first. */
function union(a: readonly Message[], b: readonly Message[]): Message[] {
  const seen = new Set<string>();
  const out: Message[] = [];
  for (const message of [...b, ...a]) {
    if (seen.has(message.id) || seen.has(message.clientMessageId)) continue;
    seen.add(message.id);
    seen.add(message.clientMessageId);
    out.push(message);
  }
  return out.sort(bySeq);
}

/**
 * The thread after its newest page came (again): the older messages loaded before stay, unless the new
 * page does not reach back to them (more new messages than a page holds), when the page starts afresh.
 */
export function withNewestPage(old: ThreadData | undefined, page: Page): ThreadData {
  const items = page.items.filter((m): m is Message => m !== null);
  const oldestNew = items[0]?.seq;
  const newestOld = old?.items.at(-1)?.seq;
  const reaches =
    page.nextCursor === null ||
    oldestNew === undefined ||
    newestOld === undefined ||
    oldestNew <= newestOld + 1;
  if (!old || !reaches)
    return {
      items,
      hasOlder: page.nextCursor !== null,
      olderCursor: page.nextCursor,
      lastReadSeq: page.lastReadSeq,
    };
  const merged = union(old.items, items);
  const olderCursor = merged.length > items.length ? old.olderCursor : page.nextCursor;
  return {
    items: merged,
    hasOlder: olderCursor !== null,
    olderCursor,
    lastReadSeq: Math.max(old.lastReadSeq, page.lastReadSeq),
  };
}

/** The thread with an older page put in front. */
export function withOlderPage(old: ThreadData, page: Page): ThreadData {
  const items = page.items.filter((m): m is Message => m !== null);
  return {
    ...old,
    items: union(old.items, items),
    hasOlder: page.nextCursor !== null,
    olderCursor: page.nextCursor,
  };
}

/** The thread with one message (a sent one now, a live one later) in its place, once. */
export function withMessage(old: ThreadData | undefined, message: Message): ThreadData | undefined {
  if (!old) return old;
  return { ...old, items: union(old.items, [message]) };
}

/**
 * The conversation list with a message as its project's newest (once: by seq) and, when it is the
 * provider's, one more unread; that conversation moves to the top.
 */
export function listWithMessage(list: ConversationList, message: Message): ConversationList {
  let changed = false;
  const items = list.items.map((row) => {
    if (row.project.id !== message.projectId) return row;
    if (row.lastMessage && row.lastMessage.seq >= message.seq) return row;
    changed = true;
    return { ...row, lastMessage: message, unread: message.mine ? row.unread : row.unread + 1 };
  });
  if (!changed) return list;
  const at = (row: ConversationList['items'][number]) => row.lastMessage?.createdAt ?? '';
  return { items: [...items].sort((a, b) => (at(a) === at(b) ? 0 : at(a) < at(b) ? 1 : -1)) };
}
