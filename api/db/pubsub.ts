import { EventEmitter } from 'node:events';
import type { Sql } from './client';

export type Unsubscribe = () => Promise<void>;

/**
 * Fan-out of small notifications between API instances. Payloads carry ids only (NOTIFY has an 8 KB limit
 * and the receiver must re-read the rows with its own tenant scope anyway).
 */
export interface PubSub {
  publish(channel: string, payload: string): Promise<void>;
  /**
   * `onListen` runs each time the subscription is (re)established: on PostgreSQL the LISTEN connection
   * reconnects by itself after it dropped, and whatever was published while it was down is lost, so a
   * subscriber that must miss nothing catches up from its table there.
   */
  subscribe(
    channel: string,
    onMessage: (payload: string) => void,
    onListen?: () => void,
  ): Promise<Unsubscribe>;
}

const CHANNEL = /^[a-z][a-z0-9_]{0,62}$/;
function checkChannel(channel: string) {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid pub/sub channel: ${channel}`);
}

/** PostgreSQL LISTEN/NOTIFY: works across every instance connected to the same server. */
export function createPostgresPubSub(sql: Sql): PubSub {
  return {
    async publish(channel, payload) {
      checkChannel(channel);
      await sql.notify(channel, payload);
    },
    async subscribe(channel, onMessage, onListen) {
      checkChannel(channel);
      const { unlisten } = await sql.listen(channel, onMessage, onListen);
      return unlisten;
    },
  };
}

/** In-process bus for the embedded database, where LISTEN/NOTIFY does not cross PGlite's socket. */
export function createInProcessPubSub(): PubSub {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  return {
    async publish(channel, payload) {
      checkChannel(channel);
      // Asynchronous like NOTIFY: subscribers never run inside the publisher's call stack.
      queueMicrotask(() => bus.emit(channel, payload));
    },
    async subscribe(channel, onMessage, onListen) {
      checkChannel(channel);
      bus.on(channel, onMessage);
      onListen?.();
      return async () => {
        bus.off(channel, onMessage);
      };
    },
  };
}
