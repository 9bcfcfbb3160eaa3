import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import {
  CATCHUP_LIMIT,
  CloseCode,
  HEARTBEAT_MS,
  HELLO_TIMEOUT_MS,
  type RealtimeServerMessage,
} from '../../shared/contracts/realtime';
import type { Scope } from '../auth/scope';
import type { Unsubscribe } from '../db/pubsub';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { AppDeps } from '../http/context';
import type { Lang } from '../http/i18n';
import { ACTIVITY_CHANNEL, parseActivityNotice } from '../services/activity/record-activity';
import {
  type LoadedEvent,
  latestSeq,
  loadEventsBySeq,
  loadEventsForProvider,
  loadEventsForScope,
  renderEvent,
  type Side,
} from './events';
import { parseSessionsEnded } from './sessions-ended';

/*
 * The fan-out of one instance: which sockets are connected here (by provider, then by client), what the
 * instance has delivered, and the one subscription to the activity channel. A notification names a row
 * (`<providerId>:<seq>`); the instance loads it once, renders it once per side and language, and sends the
 * same bytes to every socket of that rendering. Nothing is sent to a socket outside its scope: a
 * provider's sockets get all of the provider's rows, a client's sockets only their own client-visible rows.
 */

/** One socket. Kept small: 5,000 of them fit in 16 KiB each with the socket itself. */
export interface Conn {
  ws: WebSocket;
  /** Set once `hello` authenticated it. */
  scope: Scope | null;
  side: Side;
  lang: Lang;
  /** Answered the last heartbeat ping (or sent something since). */
  alive: boolean;
  openedAt: number;
  /** Where the socket's page started: a catch-up of the instance never sends it anything at or below. */
  since: number;
  /** While a catch-up runs, live events wait here and follow it (those it did not send). */
  held: { seq: number; data: Buffer }[] | null;
  /**
   * What the last catch-up sent, kept for a minute: the notification of a row the catch-up already read
   * may still be on its way, and must not send it again.
   */
  caughtUp: { seqs: Set<number>; at: number } | null;
  /** Catch-ups of this socket run one after the other. */
  chain: Promise<void>;
}

interface ProviderEntry {
  providerId: string;
  providers: Set<Conn>;
  clients: Map<string, Set<Conn>>;
  /** Highest seq dispatched here; -1 until the provider's newest seq is known. */
  delivered: number;
  /** Seqs dispatched or queued lately (a notification and a catch-up never send one twice). */
  seen: Set<number>;
  seenOrder: number[];
  queue: number[];
  /** Live flushes and catch-ups of one provider run one after the other, in seq order. */
  chain: Promise<void>;
}

const SEEN_KEEP = 512;
/** A notification's load that failed for want of the database is tried again this often, this many times. */
const DELIVERY_RETRY_MS = 1_000;
const DELIVERY_RETRIES = 60;

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Rows that committed after a higher seq was seen: a catch-up also reads this far back in time. */
export const LOOKBACK_SECONDS = 60;

export interface HubOptions {
  heartbeatMs?: number;
  helloTimeoutMs?: number;
  /** How often the sessions of open sockets are checked (sign-out, expiry, password change). */
  sessionCheckMs?: number;
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;

/** A client's look-back request (shared/contracts/realtime.ts). */
export interface LookBack {
  since: number;
  recent: readonly number[];
}

/** The JSON of a server message, as the bytes every socket of one rendering gets. */
const encode = (message: RealtimeServerMessage) => Buffer.from(JSON.stringify(message));

export function createRealtimeHub(deps: AppDeps, options: HubOptions = {}) {
  const { sql, log } = deps;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const helloTimeoutMs = options.helloTimeoutMs ?? HELLO_TIMEOUT_MS;
  const sessionCheckMs = options.sessionCheckMs ?? 15_000;
  const instanceId = randomBytes(6).toString('hex');

  const all = new Set<Conn>();
  const providers = new Map<string, ProviderEntry>();
  let delivered = 0;
  let unsubscribe: Unsubscribe | null = null;
  let generation = 0;
  let listens = 0;
  let lastHealthy = Date.now();
  let probe: { n: number; sentAt: number } | null = null;
  let probeCounter = 0;
  let stopped = false;
  const timers: NodeJS.Timeout[] = [];

  function send(conn: Conn, seq: number, data: Buffer) {
    if (conn.caughtUp?.seqs.has(seq)) return;
    if (conn.held) conn.held.push({ seq, data });
    else conn.ws.send(data, { binary: false });
  }

  function markSeen(entry: ProviderEntry, seq: number): boolean {
    if (entry.seen.has(seq)) return false;
    entry.seen.add(seq);
    entry.seenOrder.push(seq);
    if (entry.seenOrder.length > SEEN_KEEP) {
      for (const old of entry.seenOrder.splice(0, entry.seenOrder.length - SEEN_KEEP)) entry.seen.delete(old);
    }
    return true;
  }

  /** Who reads a row of this provider here. */
  const sidesOf =
    (entry: ProviderEntry) =>
    (clientId: string, clientVisible: boolean): Side[] => {
      const sides: Side[] = [];
      if (entry.providers.size) sides.push('provider');
      if (clientVisible && entry.clients.get(clientId)?.size) sides.push('client');
      return sides;
    };

  /** Sends one loaded row to every socket of the provider that may read it (rendered once per language). */
  function deliver(entry: ProviderEntry, event: LoadedEvent, caughtUp = false) {
    entry.delivered = Math.max(entry.delivered, event.seq);
    delivered += 1;
    const cache = new Map<string, Buffer>();
    const bytes = (side: Side, lang: Lang) => {
      const key = `${side}:${lang}`;
      let data = cache.get(key);
      if (!data) {
        data = encode(renderEvent(event, side, lang));
        cache.set(key, data);
      }
      return data;
    };
    for (const conn of entry.providers) {
      if (!caughtUp || event.seq > conn.since) send(conn, event.seq, bytes('provider', conn.lang));
    }
    if (!event.clientVisible) return;
    const clients = entry.clients.get(event.clientId);
    if (!clients) return;
    for (const conn of clients) {
      if (!caughtUp || event.seq > conn.since) send(conn, event.seq, bytes('client', conn.lang));
    }
  }

  function enqueue(entry: ProviderEntry, fn: () => Promise<void>) {
    entry.chain = entry.chain.then(fn).catch((err) => log.error({ err }, 'realtime delivery failed'));
    return entry.chain;
  }

  /**
   * Loads what the queue names (one query for all of it) and delivers it in seq order. While the
   * database is away (a restart) the seqs go back to the queue and the load is tried again every second
   * for a minute: they are marked seen, so no catch-up would send them instead.
   */
  function flush(entry: ProviderEntry, attempt = 0) {
    return enqueue(entry, async () => {
      const seqs = entry.queue.splice(0);
      if (!seqs.length) return;
      try {
        const events = await loadEventsBySeq(sql, entry.providerId, seqs, sidesOf(entry));
        for (const event of events) deliver(entry, event);
      } catch (err) {
        if (stopped || !isDatabaseUnavailable(err) || attempt >= DELIVERY_RETRIES) throw err;
        if (attempt === 0)
          log.warn({ err: messageOf(err), seqs: seqs.length }, 'realtime: delivery waits for the database');
        entry.queue.unshift(...seqs);
        setTimeout(() => {
          if (!stopped) void flush(entry, attempt + 1);
        }, DELIVERY_RETRY_MS).unref();
      }
    });
  }

  function onNotice(payload: string) {
    const ended = parseSessionsEnded(payload);
    if (ended) {
      lastHealthy = Date.now();
      if (providers.has(ended)) {
        void checkSessions(ended).catch((err) => log.warn({ err }, 'realtime: session check failed'));
      }
      return;
    }
    const notice = parseActivityNotice(payload);
    if (!notice) return;
    lastHealthy = Date.now();
    if (notice.kind === 'probe') {
      if (notice.instanceId === instanceId && probe?.n === notice.n) probe = null;
      return;
    }
    const entry = providers.get(notice.providerId);
    if (!entry) return;
    if (notice.kind === 'project_deleted') {
      const data = encode({ type: 'project_deleted', projectId: notice.projectId });
      void enqueue(entry, async () => {
        for (const conn of entry.providers) send(conn, -1, data);
        for (const conn of entry.clients.get(notice.clientId) ?? []) send(conn, -1, data);
      });
      return;
    }
    if (!markSeen(entry, notice.seq)) return;
    entry.queue.push(notice.seq);
    if (entry.queue.length === 1) void flush(entry);
  }

  /**
   * After the LISTEN connection came back: whatever was published meanwhile was lost, so every provider
   * with sockets here is read from the table after the highest seq delivered here (and back over the
   * outage in time, for rows that committed late), minus what was already delivered.
   */
  async function catchUpInstance() {
    const outageSeconds = Math.ceil((Date.now() - lastHealthy) / 1000) + LOOKBACK_SECONDS;
    lastHealthy = Date.now();
    log.info({ providers: providers.size, outageSeconds }, 'realtime: re-subscribed, catching up');
    await Promise.all([...providers.values()].map((entry) => catchUpProvider(entry, outageSeconds)));
  }

  /**
   * One provider's part of {@link catchUpInstance}. The pool may still hold connections the restart
   * ended: a load that fails for want of the database is tried again every second (for a minute), the
   * look-back grown by the wait.
   */
  function catchUpProvider(entry: ProviderEntry, outageSeconds: number, attempt = 0): Promise<void> {
    return enqueue(entry, async () => {
      let since = Number.MAX_SAFE_INTEGER;
      for (const conn of entry.providers) since = Math.min(since, conn.since);
      for (const set of entry.clients.values()) for (const conn of set) since = Math.min(since, conn.since);
      try {
        const events = await loadEventsForProvider(
          sql,
          entry.providerId,
          {
            after: entry.delivered < 0 ? Number.MAX_SAFE_INTEGER : entry.delivered,
            lookBack: { seconds: outageSeconds, since, skip: entry.seenOrder },
            limit: CATCHUP_LIMIT,
          },
          sidesOf(entry),
        );
        for (const event of events) if (markSeen(entry, event.seq)) deliver(entry, event, true);
      } catch (err) {
        if (stopped || !isDatabaseUnavailable(err) || attempt >= DELIVERY_RETRIES) throw err;
        if (attempt === 0) log.warn({ err: messageOf(err) }, 'realtime: catch-up waits for the database');
        setTimeout(() => {
          if (!stopped)
            void catchUpProvider(entry, outageSeconds + Math.ceil(DELIVERY_RETRY_MS / 1000), attempt + 1);
        }, DELIVERY_RETRY_MS).unref();
      }
    });
  }

  async function subscribe() {
    const mine = ++generation;
    unsubscribe = await deps.pubsub.subscribe(
      ACTIVITY_CHANNEL,
      (payload) => {
        if (mine === generation) onNotice(payload);
      },
      () => {
        if (mine !== generation) return;
        listens += 1;
        if (listens > 1) void catchUpInstance();
      },
    );
  }

  /** A LISTEN that went quiet (its own probe did not come back) is dropped and made anew. */
  async function watchdog() {
    if (stopped) return;
    // A probe makes a round trip in milliseconds; one not back by the next tick is lost.
    if (probe && Date.now() - probe.sentAt >= Math.min(heartbeatMs / 2, 10_000)) {
      log.warn({ sinceMs: Date.now() - probe.sentAt }, 'realtime: LISTEN probe lost, re-subscribing');
      probe = null;
      // A new LISTEN counts as a reconnect: its onListen catches up.
      listens = Math.max(listens, 1);
      try {
        if (deps.pubsub.resubscribe) await deps.pubsub.resubscribe();
        else {
          generation += 1;
          await unsubscribe?.().catch(() => {});
          unsubscribe = null;
          await subscribe();
        }
      } catch (err) {
        // Still unreachable: the next probe fails too, and this runs again.
        log.warn({ err }, 'realtime: re-subscribing failed');
      }
    }
    if (!probe && unsubscribe) {
      probe = { n: ++probeCounter, sentAt: Date.now() };
      await deps.pubsub
        .publish(ACTIVITY_CHANNEL, `probe:${instanceId}:${probe.n}`)
        .catch((err) => log.warn({ err }, 'realtime: probe not published'));
    }
  }

  function heartbeat() {
    for (const conn of all) {
      if (!conn.alive) {
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      conn.ws.ping();
    }
  }

  /** Closes sockets that never said hello in time, and forgets old catch-up records. */
  function sweep() {
    const now = Date.now();
    const limit = now - helloTimeoutMs;
    const forget = now - LOOKBACK_SECONDS * 1000;
    for (const conn of all) {
      if (!conn.scope && conn.openedAt < limit) conn.ws.close(CloseCode.unauthorized, 'hello expected');
      if (conn.caughtUp && conn.caughtUp.at < forget) conn.caughtUp = null;
    }
  }

  /**
   * Closes the sockets whose session no longer exists (signed out, expired, password changed): every 15 s
   * for all of them, and at once for one provider's (its own and its clients') when an instance says its
   * sessions ended (`sessions-ended.ts`).
   */
  async function checkSessions(onlyProviderId?: string) {
    const provider = new Map<string, Conn[]>();
    const client = new Map<string, Conn[]>();
    for (const conn of all) {
      if (!conn.scope) continue;
      if (onlyProviderId && conn.scope.providerId !== onlyProviderId) continue;
      const map = conn.scope.kind === 'provider' ? provider : client;
      const list = map.get(conn.scope.sessionId) ?? [];
      list.push(conn);
      map.set(conn.scope.sessionId, list);
    }
    const now = deps.now();
    const [live, liveClient] = await Promise.all([
      provider.size
        ? sql<{ id: string }[]>`
            SELECT id FROM user_sessions
            WHERE id = ANY(${[...provider.keys()]}::text[]) AND expires_at > ${now}
              AND created_at > ${now}::timestamptz - interval '90 days'`
        : [],
      client.size
        ? sql<{ id: string }[]>`
            SELECT s.id FROM portal_sessions s
            JOIN clients c ON c.provider_id = s.provider_id AND c.id = s.client_id AND c.portal_id = s.portal_id
            WHERE s.id = ANY(${[...client.keys()]}::text[]) AND s.expires_at > ${now}`
        : [],
    ]);
    const alive = new Set([...live, ...liveClient].map((r) => r.id));
    for (const map of [provider, client]) {
      for (const [sessionId, conns] of map) {
        if (alive.has(sessionId)) continue;
        for (const conn of conns) conn.ws.close(CloseCode.sessionEnded, 'session ended');
      }
    }
  }

  function entryOf(providerId: string): ProviderEntry {
    let entry = providers.get(providerId);
    if (!entry) {
      const created: ProviderEntry = {
        providerId,
        providers: new Set(),
        clients: new Map(),
        delivered: -1,
        seen: new Set(),
        seenOrder: [],
        queue: [],
        chain: Promise.resolve(),
      };
      entry = created;
      providers.set(providerId, created);
      // Where this instance starts for the provider: a later catch-up reads after it.
      void enqueue(created, async () => {
        const newest = await latestSeq(sql, { kind: 'provider', providerId, sessionId: '' });
        created.delivered = Math.max(created.delivered, newest);
      });
    }
    return entry;
  }

  /** Sends everything of the socket's scope in the window, then `synced`, then what waited meanwhile. */
  async function catchUpSocket(conn: Conn, after: number, lookBack: LookBack | undefined) {
    const scope = conn.scope;
    if (!scope) return;
    conn.held ??= [];
    const sent = new Set<number>();
    try {
      const events = await loadEventsForScope(sql, scope, {
        after,
        lookBack: lookBack && {
          seconds: LOOKBACK_SECONDS,
          since: Math.max(lookBack.since, conn.since),
          skip: lookBack.recent,
        },
        limit: CATCHUP_LIMIT,
      });
      let last = after;
      for (const event of events) {
        conn.ws.send(encode(renderEvent(event, conn.side, conn.lang)), { binary: false });
        sent.add(event.seq);
        last = Math.max(last, event.seq);
      }
      conn.ws.send(encode({ type: 'synced', lastSeq: last, complete: events.length < CATCHUP_LIMIT }), {
        binary: false,
      });
    } finally {
      release(conn, sent, lookBack?.recent);
    }
  }

  /**
   * Ends a catch-up: what waited is sent, except what the catch-up sent already or the client listed as
   * had (`lookBack.recent`). Both are remembered for a minute, so neither a late NOTIFY nor the
   * instance's own catch-up after its LISTEN came back (which reads back over the outage, above the
   * socket's `since`) sends one again.
   */
  function release(conn: Conn, sent: Set<number>, had: readonly number[] = []) {
    for (const seq of had) sent.add(seq);
    const held = conn.held ?? [];
    conn.held = null;
    if (sent.size) {
      if (conn.caughtUp) for (const seq of sent) conn.caughtUp.seqs.add(seq);
      else conn.caughtUp = { seqs: sent, at: Date.now() };
      conn.caughtUp.at = Date.now();
    }
    for (const item of held) if (!sent.has(item.seq)) conn.ws.send(item.data, { binary: false });
  }

  return {
    instanceId,
    /** Subscribes to the activity channel and starts the timers. */
    async start() {
      await subscribe();
      const every = (ms: number, fn: () => unknown) => {
        const timer = setInterval(() => {
          Promise.resolve()
            .then(fn)
            .catch((err) => log.warn({ err }, 'realtime timer failed'));
        }, ms);
        timer.unref();
        timers.push(timer);
      };
      every(heartbeatMs, heartbeat);
      every(heartbeatMs, watchdog);
      every(Math.min(1000, helloTimeoutMs), sweep);
      every(sessionCheckMs, () => checkSessions());
    },

    /** A new socket, not authenticated yet (heartbeat and the hello deadline apply to it). */
    track(conn: Conn) {
      all.add(conn);
    },

    /** A closed socket leaves everything. */
    untrack(conn: Conn) {
      all.delete(conn);
      const scope = conn.scope;
      if (!scope) return;
      const entry = providers.get(scope.providerId);
      if (!entry) return;
      if (scope.kind === 'provider') entry.providers.delete(conn);
      else {
        const set = entry.clients.get(scope.clientId);
        set?.delete(conn);
        if (set && !set.size) entry.clients.delete(scope.clientId);
      }
      if (!entry.providers.size && !entry.clients.size) providers.delete(scope.providerId);
    },

    /**
     * Joins an authenticated socket to its provider's fan-out, then answers its hello: `ready` with the
     * scope's newest seq, the catch-up after `lastSeq` when it sent one, and `synced`. Live events that
     * arrive meanwhile follow, each once.
     */
    async open(conn: Conn, lastSeq: number | undefined, lookBack: LookBack | undefined) {
      const scope = conn.scope;
      if (!scope) return;
      conn.held = [];
      const entry = entryOf(scope.providerId);
      if (scope.kind === 'provider') entry.providers.add(conn);
      else {
        const set = entry.clients.get(scope.clientId) ?? new Set<Conn>();
        set.add(conn);
        entry.clients.set(scope.clientId, set);
      }
      conn.chain = conn.chain.then(async () => {
        const newest = await latestSeq(sql, scope);
        conn.since = lookBack?.since ?? lastSeq ?? newest;
        const audience = conn.side === 'provider' ? 'provider' : 'portal';
        conn.ws.send(encode({ type: 'ready', audience, latestSeq: newest }), { binary: false });
        if (lastSeq !== undefined) await catchUpSocket(conn, lastSeq, lookBack);
        else {
          conn.ws.send(encode({ type: 'synced', lastSeq: newest, complete: true }), { binary: false });
          release(conn, new Set());
        }
      });
      await conn.chain;
    },

    /** A socket asks for what it missed; while one of its catch-ups runs, another request is dropped. */
    async catchUp(conn: Conn, after: number, lookBack: LookBack | undefined) {
      if (conn.held || !conn.scope) return;
      conn.held = [];
      conn.chain = conn.chain.then(() => catchUpSocket(conn, after, lookBack));
      await conn.chain;
    },

    stats() {
      return { sockets: all.size, providers: providers.size, delivered, listens, instanceId };
    },

    /** Stops the timers and the subscription and closes every socket (clients reconnect elsewhere). */
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      generation += 1;
      await unsubscribe?.().catch(() => {});
      for (const conn of all) conn.ws.close(CloseCode.serviceRestart, 'server restarting');
      await Promise.all([...providers.values()].map((entry) => entry.chain));
      // A client that does not answer the close handshake soon is cut off (it would hold the HTTP
      // server's close() open for ws's 30 s close timeout).
      const deadline = Date.now() + 1_000;
      while (all.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      for (const conn of all) conn.ws.terminate();
    },
  };
}
