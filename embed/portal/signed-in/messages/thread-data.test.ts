import { describe, expect, it } from 'vitest';
import type { ConversationList, Message } from '../../../../shared/contracts/messages';
import { listWithMessage, withMessage, withNewestPage, withOlderPage } from './thread-data';

const projectId = '11111111-1111-4111-8111-111111111111';
function message(seq: number, patch: Partial<Message> = {}): Message {
  return {
    id: `m${seq}`,
    projectId,
    seq,
    clientMessageId: `c${seq}`,
    sender: { type: 'provider', name: 'Ada' },
    mine: false,
    body: `Message ${seq}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, seq)).toISOString(),
    ...patch,
  };
}
const seqs = (items: Message[]) => items.map((m) => m.seq);

describe('the portal’s conversation data', () => {
  it('keeps older pages when the newest page comes again with a new message', () => {
    const first = withNewestPage(undefined, {
      items: [message(4), message(5)],
      nextCursor: 'older',
      lastReadSeq: 3,
    });
    const older = withOlderPage(first, {
      items: [message(2), message(3)],
      nextCursor: 'older',
      lastReadSeq: 3,
    });
    const again = withNewestPage(older, {
      items: [message(5), message(6)],
      nextCursor: 'older',
      lastReadSeq: 5,
    });
    expect(seqs(again.items)).toEqual([2, 3, 4, 5, 6]);
    expect(again.hasOlder).toBe(true);
    expect(again.lastReadSeq).toBe(5);
  });

  it('starts afresh when the newest page does not reach back to what was loaded', () => {
    const first = withNewestPage(undefined, {
      items: [message(1), message(2)],
      nextCursor: null,
      lastReadSeq: 0,
    });
    const jump = withNewestPage(first, {
      items: [message(40), message(41)],
      nextCursor: 'older',
      lastReadSeq: 0,
    });
    expect(seqs(jump.items)).toEqual([40, 41]);
    expect(jump.hasOlder).toBe(true);
  });

  it('lists a sent message once, even when the page brings it again', () => {
    const thread = withNewestPage(undefined, { items: [message(1)], nextCursor: null, lastReadSeq: 0 });
    const sent = message(2, { mine: true });
    const withSent = withMessage(thread, sent);
    expect(seqs(withSent?.items ?? [])).toEqual([1, 2]);
    expect(withMessage(withSent, sent)?.items).toHaveLength(2);
    const refreshed = withNewestPage(withSent, {
      items: [message(1), sent],
      nextCursor: null,
      lastReadSeq: 2,
    });
    expect(seqs(refreshed.items)).toEqual([1, 2]);
    expect(withMessage(undefined, sent)).toBeUndefined();
  });

  it('puts a message at the top of the conversation list, counting the provider’s as unread once', () => {
    const other = '22222222-2222-4222-8222-222222222222';
    const row = (id: string, last: Message | null, unread = 0) => ({
      project: { id, name: id, status: 'in_progress' as const },
      client: { id: 'c', name: 'Grace' },
      lastMessage: last,
      unread,
    });
    const list: ConversationList = {
      items: [
        row(other, message(9, { projectId: other, createdAt: '2026-01-02T00:00:00Z' })),
        row(projectId, message(1)),
      ],
    };
    const next = listWithMessage(list, message(3, { createdAt: '2026-01-03T00:00:00Z' }));
    expect(next.items[0]?.project.id).toBe(projectId);
    expect(next.items[0]?.unread).toBe(1);
    expect(listWithMessage(next, message(3, { createdAt: '2026-01-03T00:00:00Z' }))).toBe(next);
    const mine = listWithMessage(next, message(4, { mine: true, createdAt: '2026-01-04T00:00:00Z' }));
    expect(mine.items[0]?.unread).toBe(1);
  });
});
