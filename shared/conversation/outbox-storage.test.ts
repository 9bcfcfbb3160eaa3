import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxEntry } from './outbox';
import { localOutboxStorage } from './outbox-storage';

const entry: OutboxEntry = {
  conversationId: 'p1',
  clientMessageId: '0b6d2a39-8f1e-4c5a-9d3e-2f1a7c9e4b10',
  body: 'Hello',
  createdAt: '2026-01-01T10:00:00.000Z',
  status: 'failed',
  autoRetry: true,
  attempts: 1,
};

describe('localOutboxStorage', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    Object.assign(globalThis, {
      localStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => store.set(k, v),
        removeItem: (k: string) => store.delete(k),
      },
    });
  });
  afterEach(() => {
    store.clear();
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('keeps entries under the account’s key and removes the key when none are left', () => {
    const storage = localOutboxStorage('message_outbox:a');
    storage.save([entry]);
    expect(localOutboxStorage('message_outbox:a').load()).toEqual([entry]);
    expect(localOutboxStorage('message_outbox:b').load()).toEqual([]);
    storage.save([]);
    expect(store.has('message_outbox:a')).toBe(false);
  });

  it('reads malformed data as nothing', () => {
    store.set('k', '{not json');
    expect(localOutboxStorage('k').load()).toEqual([]);
    store.set('k', JSON.stringify([{ body: 'no id' }, entry, 'x']));
    expect(localOutboxStorage('k').load()).toEqual([entry]);
  });
});
