import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/harness';
import type { Database } from './client';
import { createInProcessPubSub, createPostgresPubSub, type PubSub } from './pubsub';

function nextMessage(pubsub: PubSub, channel: string) {
  return new Promise<{ payload: string; stop: () => Promise<void> }>((resolve) => {
    const stopP = pubsub.subscribe(channel, (payload) => {
      void stopP.then((stop) => resolve({ payload, stop }));
    });
  });
}

describe('pub/sub', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  const cases: [string, () => PubSub][] = [
    ['in-process', () => createInProcessPubSub()],
    ...(process.env.DATABASE_URL
      ? [['LISTEN/NOTIFY', () => createPostgresPubSub(db.sql)] as [string, () => PubSub]]
      : []),
  ];

  for (const [name, make] of cases) {
    it(`${name}: delivers a published payload to a subscriber and stops after unsubscribe`, async () => {
      const pubsub = make();
      const received: string[] = [];
      const stop = await pubsub.subscribe('activity', (p) => received.push(p));
      const first = nextMessage(pubsub, 'activity');
      await pubsub.publish('activity', '{"id":"1"}');
      const { payload, stop: stopFirst } = await first;
      expect(payload).toBe('{"id":"1"}');
      await stopFirst();
      await stop();
      await pubsub.publish('activity', '{"id":"2"}');
      await new Promise((r) => setTimeout(r, 100));
      expect(received).toEqual(['{"id":"1"}']);
    });
  }

  it('refuses channel names that could inject SQL', async () => {
    await expect(createInProcessPubSub().publish('x; DROP TABLE users', '')).rejects.toThrow(/Invalid/);
  });
});
