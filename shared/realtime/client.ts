import type { RealtimeActivity, RealtimeClientMessage, RealtimeServerMessage } from '../contracts/realtime';
import { CloseCode, HEARTBEAT_MS, REALTIME_PATH, REALTIME_PROTOCOLS, TERMINAL_CLOSE_CODES } from './protocol';

/*
 * The browser's end of `/api/realtime` (protocol: shared/contracts/realtime.ts). Framework-free: the
 * dashboard and the portal feed their own caches from `onEvent`; `react.ts` has two small hooks.
 *
 * It connects, says hello (with the portal's token, never in the URL), reconnects after 1, 2, 5, then
 * every 10 s, catches up after the last seen seq on every reconnect and whenever the tab becomes visible
 * again, and hands each activity item to the listeners once (deduplicated by seq).
 */

export type RealtimeStatus = 'connecting' | 'open' | 'offline';

/** A realtime event as listeners get it: an activity item (once per seq) or a deleted project. */
export type RealtimeEvent = RealtimeActivity | { type: 'project_deleted'; projectId: string };

/** Reconnect delays: 1, 2, 5, then 10 s for every further attempt. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;

/** The delay before reconnect attempt `attempt` (0 = the first after a drop). */
export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] as number;
}

/**
 * After a close with 1012 (the instance restarts) the first reconnect comes within this much, at random:
 * at once rather than after the usual second, but spread so that an instance's sockets do not all arrive
 * at the same moment on the instances that remain.
 */
export const RESTART_RECONNECT_MAX_MS = 500;

/** A pong (or any message) must come this soon after the client's ping, or the socket counts as dead. */
export const PONG_TIMEOUT_MS = 10_000;
/** How many recently seen seqs are remembered (dedupe) and sent with a catch-up (the server's look-back). */
const RECENT_KEPT = 500;
const RECENT_SENT = 100;

/** The part of the browser's WebSocket the client uses (so tests can pass `ws`'s, which has the same API). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'close' | 'message' | 'error', listener: (event: never) => void): void;
}
export type SocketFactory = (url: string, protocols: string[]) => SocketLike;

/** The page's visibility (default: `document`). */
export interface VisibilitySource {
  readonly visibilityState: string;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export interface RealtimeClientOptions {
  /** `provider`: the dashboard (session cookie); `portal`: a portal client (bearer token in hello). */
  audience: 'provider' | 'portal';
  /** The language events are rendered in; read at each (re)connect. */
  lang: () => 'en' | 'de';
  /** The portal's session: read at each (re)connect; null means signed out (the client stays offline). */
  credentials?: () => { token: string; portalId: string } | null;
  /** `ws(s)://host/api/realtime`; default: the page's own origin. */
  url?: string;
  /** Start after this seq (e.g. the newest one the page loaded over HTTP); default: the server's newest. */
  lastSeq?: number;
  /** Called when the server ends the session or refuses the credential (close 4401/4403/4408). */
  onAuthError?: (code: number) => void;
  /** For tests and non-browser hosts. */
  createSocket?: SocketFactory;
  visibility?: VisibilitySource | null;
  online?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

export interface RealtimeClient {
  readonly status: RealtimeStatus;
  /** The highest seq seen (catch-up starts after it). */
  readonly lastSeq: number | undefined;
  /** Connects (idempotent). */
  start(): void;
  /** Disconnects for good (sign-out, unmount); `start()` again to reconnect. */
  stop(): void;
  /** Reconnects at once (e.g. after sign-in with a new token); resets the backoff. */
  reconnect(): void;
  /** Asks for everything after the last seen seq now (also done on reconnect and on visibility). */
  catchUp(): void;
  /** Every event once, in arrival order. @returns unsubscribe */
  onEvent(listener: (event: RealtimeEvent) => void): () => void;
  /** @returns unsubscribe */
  onStatus(listener: (status: RealtimeStatus) => void): () => void;
}

const OPEN = 1;

function defaultUrl(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${REALTIME_PATH}`;
}

export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const createSocket: SocketFactory =
    options.createSocket ?? ((url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike);
  const visibility =
    options.visibility === undefined
      ? (globalThis.document as VisibilitySource | undefined)
      : options.visibility;
  const online =
    options.online === undefined ? (globalThis.window as RealtimeClientOptions['online']) : options.online;
  const eventListeners = new Set<(event: RealtimeEvent) => void>();
  const statusListeners = new Set<(status: RealtimeStatus) => void>();
  const seen = new Set<number>();
  const seenOrder: number[] = [];

  let status: RealtimeStatus = 'offline';
  let lastSeq = options.lastSeq;
  /** Where this page started (the look-back of a catch-up never goes below it). */
  let since = options.lastSeq;
  let socket: SocketLike | null = null;
  let running = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let pongDeadline: ReturnType<typeof setTimeout> | undefined;

  /** The page's `<html data-realtime>` (a browser page only; tests and other hosts have no document). */
  const root = options.createSocket ? undefined : globalThis.document?.documentElement;

  function setStatus(next: RealtimeStatus) {
    if (next === status) return;
    status = next;
    // Where a page, a script or an end-to-end test can see the connection: `open` once caught up and live.
    root?.setAttribute('data-realtime', next);
    for (const listener of statusListeners) listener(next);
  }

  function send(message: RealtimeClientMessage) {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  }

  const lookBack = () =>
    since === undefined
      ? undefined
      : { since, recent: seenOrder.filter((seq) => seq > (since ?? 0)).slice(-RECENT_SENT) };

  function remember(seq: number): boolean {
    if (seen.has(seq)) return false;
    seen.add(seq);
    seenOrder.push(seq);
    if (seenOrder.length > RECENT_KEPT)
      for (const old of seenOrder.splice(0, seenOrder.length - RECENT_KEPT)) seen.delete(old);
    lastSeq = Math.max(lastSeq ?? 0, seq);
    return true;
  }

  function emit(event: RealtimeEvent) {
    for (const listener of eventListeners) {
      try {
        listener(event);
      } catch (err) {
        // One listener's failure must not starve the others.
        console.error(err);
      }
    }
  }

  function alive() {
    clearTimeout(pongDeadline);
    pongDeadline = undefined;
  }

  function onMessage(raw: unknown) {
    alive();
    let message: RealtimeServerMessage;
    try {
      message = JSON.parse(String(raw)) as RealtimeServerMessage;
    } catch {
      return;
    }
    switch (message.type) {
      case 'ready':
        if (lastSeq === undefined) lastSeq = message.latestSeq;
        since ??= message.latestSeq;
        return;
      case 'activity':
        if (typeof message.seq === 'number' && remember(message.seq)) emit(message);
        return;
      case 'project_deleted':
        emit(message);
        return;
      case 'synced':
        lastSeq = Math.max(lastSeq ?? 0, message.lastSeq);
        attempt = 0;
        setStatus('open');
        if (!message.complete) catchUp();
        return;
      default:
        return;
    }
  }

  function clearTimers() {
    clearTimeout(retryTimer);
    clearInterval(pingTimer);
    clearTimeout(pongDeadline);
    retryTimer = undefined;
    pingTimer = undefined;
    pongDeadline = undefined;
  }

  function connect() {
    clearTimers();
    if (!running) return;
    const credentials = options.audience === 'portal' ? options.credentials?.() : undefined;
    if (options.audience === 'portal' && !credentials) {
      setStatus('offline');
      return;
    }
    setStatus('connecting');
    const ws = createSocket(options.url ?? defaultUrl(), [REALTIME_PROTOCOLS[options.audience]]);
    socket = ws;
    ws.addEventListener('open', () => {
      if (socket !== ws) return;
      send({
        type: 'hello',
        lang: options.lang(),
        ...(lastSeq !== undefined ? { lastSeq } : {}),
        ...(since !== undefined ? { lookBack: lookBack() } : {}),
        ...(credentials ? { token: credentials.token, portalId: credentials.portalId } : {}),
      });
      pingTimer = setInterval(() => {
        send({ type: 'ping' });
        pongDeadline ??= setTimeout(() => {
          // No answer: the connection is dead without having said so (a sleeping laptop, a lost route).
          if (socket === ws) dropped(ws);
        }, PONG_TIMEOUT_MS);
      }, HEARTBEAT_MS);
    });
    ws.addEventListener('message', (event: { data: unknown }) => {
      if (socket === ws) onMessage(event.data);
    });
    ws.addEventListener('close', (event: { code: number }) => {
      if (socket !== ws) return;
      socket = null;
      clearTimers();
      if (TERMINAL_CLOSE_CODES.includes(event.code)) {
        setStatus('offline');
        options.onAuthError?.(event.code);
        return;
      }
      if (event.code === CloseCode.serviceRestart) {
        attempt = 0;
        scheduleReconnect(Math.random() * RESTART_RECONNECT_MAX_MS);
        return;
      }
      scheduleReconnect();
    });
    ws.addEventListener('error', () => {
      // A 'close' follows every 'error'.
    });
  }

  function dropped(ws: SocketLike) {
    socket = null;
    try {
      ws.close();
    } catch {
      // already closing
    }
    scheduleReconnect();
  }

  function scheduleReconnect(delayMs = reconnectDelay(attempt)) {
    clearTimers();
    setStatus('offline');
    if (!running) return;
    retryTimer = setTimeout(connect, delayMs);
    attempt += 1;
  }

  function catchUp() {
    if (status === 'open' && lastSeq !== undefined) {
      send({ type: 'catchup', after: lastSeq, ...(since !== undefined ? { lookBack: lookBack() } : {}) });
    }
  }

  /** Back to a visible tab: a socket that died in the background reconnects now, a live one catches up. */
  function onVisible() {
    if (!running || visibility?.visibilityState !== 'visible') return;
    if (socket?.readyState === OPEN) {
      catchUp();
      send({ type: 'ping' });
      pongDeadline ??= setTimeout(() => socket && dropped(socket), PONG_TIMEOUT_MS);
    } else if (!socket) {
      attempt = 0;
      connect();
    }
  }
  const onOnline = () => {
    if (running && !socket) {
      attempt = 0;
      connect();
    }
  };

  return {
    get status() {
      return status;
    },
    get lastSeq() {
      return lastSeq;
    },
    start() {
      if (running) return;
      running = true;
      visibility?.addEventListener('visibilitychange', onVisible);
      online?.addEventListener('online', onOnline);
      connect();
    },
    stop() {
      running = false;
      clearTimers();
      visibility?.removeEventListener('visibilitychange', onVisible);
      online?.removeEventListener('online', onOnline);
      const ws = socket;
      socket = null;
      ws?.close(1000, 'stopped');
      setStatus('offline');
    },
    reconnect() {
      if (!running) return;
      const ws = socket;
      socket = null;
      ws?.close(1000, 'reconnecting');
      attempt = 0;
      connect();
    },
    catchUp,
    onEvent(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
  };
}
