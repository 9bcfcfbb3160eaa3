import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from './outbox';
import { type ConversationMessage, threadItems } from './types';

const message = (seq: number, clientMessageId: string): ConversationMessage => ({
  id: `m${seq}`,
  projectId: 'p',
  seq,
  clientMessageId,
  sender: { type: 'provider', name: 'Ada' },
  mine: true,
  body: `body ${seq}`,
  createdAt: new Date(2026, 0, 1, 10, seq).toISOString(),
});
const pending = (clientMessageId: string): OutboxEntry => ({
  conversationId: 'p',
  clientMessageId,
  body: 'pending',
  createdAt: new Date().toISOString(),
  status: 'sending',
  autoRetry: true,
  attempts: 1,
});

describe('threadItems', () => {
  it('puts unsent messages after the stored ones', () => {
    const items = threadItems([message(1, 'a'), message(2, 'b')], [pending('c')]);
    expect(items.map((i) => `${i.kind}:${i.key}`)).toEqual(['message:a', 'message:b', 'pending:c']);
  });

  it('shows a message the server already has once, as stored', () => {
    const items = threadItems([message(1, 'a')], [pending('a')]);
    expect(items.map((i) => `${i.kind}:${i.key}`)).toEqual(['message:a']);
  });
});
