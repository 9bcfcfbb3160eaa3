import { EventEmitter } from 'node:events';
import postgres from 'postgres';
import { reconnectOptions, type Sql } from './client';

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
  /**
   * Drops the listening connection and subscribes everything again on a new one (each `onListen` runs):
   * for a subscriber that noticed its notifications stopped (its own probe did not come back).
   */
  resubscribe?(): Promise<void>;
  /** Closes the listening connection (shutdown). */
  close?(): Promise<void>;
}

const CHANNEL = /^[a-z][a-z0-9_]{0,62}$/;
function checkChannel(channel: string) {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid pub/sub channel: ${channel}`);
}

/**
 * PostgreSQL LISTEN/NOTIFY: works across every instance connected to the same server. Publishing uses
 * the pool; listening, with `listenUrl`, a connection of its own that `resubscribe()` can replace: after
 * its connection drops postgres.js LISTENs again by itself (and `onListen` runs), but when that first
 * attempt fails (the server restarting) it never tries again, so a subscriber that finds itself deaf
 * starts over on a new connection. Without `listenUrl`, the pool's own `listen` (tests, tools).
 */
export function createPostgresPubSub(sql: Sql, listenUrl?: string, connectTimeoutS?: number): PubSub {
  interface Sub {
    channel: string;
    onMessage: (payload: string) => void;
    onListen: (() => void) | undefined;
    unlisten: () => Promise<void>;
  }
  const subs = new Set<Sub>();
  let listener: Sql | null = null;
  const client = (): Sql => {
    if (!listenUrl) return sql;
    listener ??= postgres(listenUrl, {
      max: 1,
      onnotice: () => {},
      connection: { application_name: 'client-portal-listen' },
      ...reconnectOptions(connectTimeoutS),
    }) as unknown as Sql;
    return listener;
  };
  const listen = async (sub: Omit<Sub, 'unlisten'>) =>
    (await client().listen(sub.channel, sub.onMessage, sub.onListen)).unlisten;
  return {
    async publish(channel, payload) {
      checkChannel(channel);
      await sql.notify(channel, payload);
    },
    async subscribe(channel, onMessage, onListen) {
      checkChannel(channel);
      const sub: Sub = { channel, onMessage, onListen, unlisten: async () => {} };
      sub.unlisten = await listen(sub);
      subs.add(sub);
      return async () => {
        subs.delete(sub);
        await sub.unlisten();
      };
    },
    async resubscribe() {
      if (!listenUrl) {
        for (const sub of subs) {
          await sub.unlisten().catch(() => {});
          sub.unlisten = await listen(sub);
        }
        return;
      }
      const old = listener;
      listener = null;
      await old?.end({ timeout: 0 }).catch(() => {});
      for (const sub of subs) sub.unlisten = await listen(sub);
    },
    async close() {
      subs.clear();
      const old = listener;
      listener = null;
      await old?.end({ timeout: 1 }).catch(() => {});
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
