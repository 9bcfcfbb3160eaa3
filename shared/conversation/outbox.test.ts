import { describe, expect, it } from 'vitest';
import {
  createOutbox,
  newClientMessageId,
  type OutboxEntry,
  type OutboxEvent,
  type SendInput,
} from './outbox';

type Sent = SendInput & { conversationId: string };

/** A controllable network: each send waits until the test answers it. */
function harness(options: { offline?: boolean } = {}) {
  let offline = options.offline ?? false;
  let onlineListener: (() => void) | null = null;
  const calls: { input: Sent; resolve: () => void; reject: (e: unknown) => void }[] = [];
  const stored = new Map<string, Sent>();
  let ids = 0;
  const outbox = createOutbox<Sent>({
    send: (conversationId, input) =>
      new Promise<Sent>((resolve, reject) => {
        const sent = { conversationId, ...input };
        calls.push({
          input: sent,
          // The server keeps one message per client id, like the API.
          resolve: () => {
            stored.set(input.clientMessageId, stored.get(input.clientMessageId) ?? sent);
            resolve(sent);
          },
          reject,
        });
      }),
    isTransient: (error) => (error as { status?: number }).status !== 422,
    isOffline: () => offline,
    watchOnline: (listener) => {
      onlineListener = listener;
      return () => {
        onlineListener = null;
      };
    },
    newId: () => `id-${++ids}`,
  });
  const events: OutboxEvent<Sent>[] = [];
  outbox.onEvent((e) => events.push(e));
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    outbox,
    calls,
    stored,
    events,
    settle,
    goOffline: () => {
      offline = true;
    },
    goOnline: () => {
      offline = false;
      onlineListener?.();
    },
  };
}

const statuses = (h: ReturnType<typeof harness>, c = 'p1') =>
  h.outbox.entries(c).map((e) => `${e.body}:${e.status}`);

describe('outbox', () => {
  it('sends a message once and removes it when the server confirms', async () => {
    const h = harness();
    const entry = h.outbox.submit('p1', '  Hello\nthere  ');
    expect(entry?.body).toBe('Hello\nthere');
    expect(statuses(h)).toEqual(['Hello\nthere:sending']);
    h.calls[0]?.resolve();
    await h.settle();
    expect(h.outbox.entries('p1')).toEqual([]);
    expect(h.events.map((e) => e.type)).toEqual(['sent']);
  });

  it('ignores an empty text', () => {
    const h = harness();
    expect(h.outbox.submit('p1', '   \n ')).toBeNull();
    expect(h.calls).toEqual([]);
  });

  it('keeps a message that failed on the network, and retrying reuses its id (never a second message)', async () => {
    const h = harness();
    h.outbox.submit('p1', 'Draft is ready');
    h.calls[0]?.reject(new TypeError('Failed to fetch'));
    await h.settle();
    expect(statuses(h)).toEqual(['Draft is ready:failed']);
    expect(h.events.map((e) => e.type)).toEqual(['failed']);

    h.outbox.retry('id-1');
    // The answer got lost after the server stored it: the retry carries the same id.
    h.calls[1]?.resolve();
    await h.settle();
    expect(h.calls.map((c) => c.input.clientMessageId)).toEqual(['id-1', 'id-1']);
    expect(h.stored.size).toBe(1);
    expect(h.outbox.entries('p1')).toEqual([]);
  });

  it('retries automatically when the browser comes back online', async () => {
    const h = harness();
    h.outbox.submit('p1', 'one');
    h.calls[0]?.reject(new TypeError('Failed to fetch'));
    await h.settle();
    h.goOnline();
    expect(statuses(h)).toEqual(['one:sending']);
    h.calls[1]?.resolve();
    await h.settle();
    expect(h.outbox.entries('p1')).toEqual([]);
  });

  it('queues messages written offline and sends them in order when back', async () => {
    const h = harness({ offline: true });
    h.outbox.submit('p1', 'first');
    h.outbox.submit('p1', 'second');
    await h.settle();
    expect(h.calls).toEqual([]);
    expect(statuses(h)).toEqual(['first:waiting', 'second:waiting']);

    h.goOnline();
    expect(h.calls.map((c) => c.input.body)).toEqual(['first']);
    h.calls[0]?.resolve();
    await h.settle();
    expect(h.calls.map((c) => c.input.body)).toEqual(['first', 'second']);
    h.calls[1]?.resolve();
    await h.settle();
    expect(h.outbox.entries('p1')).toEqual([]);
    expect(h.events.map((e) => e.type)).toEqual(['sent', 'sent']);
  });

  it('sends one conversation’s messages one at a time, in the order written', async () => {
    const h = harness();
    h.outbox.submit('p1', 'a');
    h.outbox.submit('p1', 'b');
    h.outbox.submit('p2', 'other');
    expect(h.calls.map((c) => c.input.body)).toEqual(['a', 'other']);
    h.calls[0]?.resolve();
    await h.settle();
    expect(h.calls.map((c) => c.input.body)).toEqual(['a', 'other', 'b']);
  });

  it('makes the messages behind a network failure wait instead of failing them too', async () => {
    const h = harness();
    h.outbox.submit('p1', 'a');
    h.outbox.submit('p1', 'b');
    h.calls[0]?.reject(new TypeError('Failed to fetch'));
    await h.settle();
    expect(statuses(h)).toEqual(['a:failed', 'b:waiting']);
    h.outbox.retry('id-1');
    h.calls[1]?.resolve();
    await h.settle();
    expect(h.calls.map((c) => c.input.body)).toEqual(['a', 'a', 'b']);
  });

  it('does not retry a refused message by itself, and goes on with the next one', async () => {
    const h = harness();
    h.outbox.submit('p1', 'refused');
    h.outbox.submit('p1', 'fine');
    h.calls[0]?.reject({ status: 422 });
    await h.settle();
    expect(h.calls.map((c) => c.input.body)).toEqual(['refused', 'fine']);
    h.calls[1]?.resolve();
    await h.settle();
    expect(statuses(h)).toEqual(['refused:failed']);
    h.goOnline();
    expect(h.calls).toHaveLength(2);
    expect(h.outbox.discard('id-1')).toBe('refused');
    expect(h.outbox.entries('p1')).toEqual([]);
  });

  it('goes offline mid-way: the failed one and the rest go out once online', async () => {
    const h = harness();
    h.outbox.submit('p1', 'a');
    h.goOffline();
    h.calls[0]?.reject(new TypeError('Failed to fetch'));
    await h.settle();
    h.outbox.submit('p1', 'b');
    await h.settle();
    expect(statuses(h)).toEqual(['a:failed', 'b:waiting']);
    h.goOnline();
    h.calls[1]?.resolve();
    await h.settle();
    h.calls[2]?.resolve();
    await h.settle();
    expect(h.calls.map((c) => c.input.body)).toEqual(['a', 'a', 'b']);
    expect(h.outbox.entries('p1')).toEqual([]);
  });

  it('returns the same entries array until something changes (for useSyncExternalStore)', () => {
    const h = harness({ offline: true });
    h.outbox.submit('p1', 'x');
    expect(h.outbox.entries('p1')).toBe(h.outbox.entries('p1'));
    expect(h.outbox.entries('none')).toBe(h.outbox.entries('other'));
  });
});

describe('newClientMessageId', () => {
  it('makes a version 4 UUID the API accepts, new each time', () => {
    const a = newClientMessageId();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newClientMessageId()).not.toBe(a);
  });
});

describe('outbox storage', () => {
  function memoryStorage() {
    let saved: OutboxEntry[] = [];
    return {
      load: () => saved.map((e) => ({ ...e })),
      save: (entries: OutboxEntry[]) => {
        saved = entries.map((e) => ({ ...e }));
      },
      saved: () => saved,
    };
  }

  it('keeps unsent messages across a reload and sends them with their ids', async () => {
    const storage = memoryStorage();
    const first = createOutbox<string>({
      send: () => Promise.reject(new TypeError('Failed to fetch')),
      watchOnline: () => () => {},
      isOffline: () => false,
      newId: () => 'kept-id',
      storage,
    });
    first.submit('p1', 'Written before the reload');
    await new Promise((r) => setTimeout(r, 0));
    expect(storage.saved().map((e) => `${e.clientMessageId}:${e.status}`)).toEqual(['kept-id:failed']);
    first.dispose();

    // The page is loaded again: the kept message goes out at once, with the same id.
    const sent: string[] = [];
    const second = createOutbox<string>({
      send: (_c, input) => {
        sent.push(input.clientMessageId);
        return Promise.resolve('ok');
      },
      watchOnline: () => () => {},
      isOffline: () => false,
      storage,
    });
    expect(second.entries('p1').map((e) => e.status)).toEqual(['sending']);
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual(['kept-id']);
    expect(second.entries('p1')).toEqual([]);
    expect(storage.saved()).toEqual([]);
  });

  it('forgets every unsent message and its stored copy when the account leaves', () => {
    const storage = memoryStorage();
    const outbox = createOutbox<string>({
      send: () => new Promise(() => {}),
      watchOnline: () => () => {},
      isOffline: () => true,
      storage,
    });
    outbox.submit('p1', 'private words');
    expect(storage.saved()).toHaveLength(1);
    outbox.forget();
    expect(outbox.entries('p1')).toEqual([]);
    expect(storage.saved()).toEqual([]);
  });
});
