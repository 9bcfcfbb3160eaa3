import { WebSocket } from 'ws';
import {
  REALTIME_PATH,
  REALTIME_PROTOCOLS,
  type RealtimeActivity,
  type RealtimeClientMessage,
  RealtimeServerMessage,
} from '../../shared/contracts/realtime';

/** A real `ws` client of `/api/realtime` for tests: every server message, parsed by the contract. */
export interface TestSocket {
  ws: WebSocket;
  messages: RealtimeServerMessage[];
  /** The activity items received so far, in order. */
  activity(): RealtimeActivity[];
  send(message: RealtimeClientMessage): void;
  /** The first message (already received or coming) that matches, within `timeoutMs`. */
  next<T extends RealtimeServerMessage>(
    match: (m: RealtimeServerMessage) => m is T,
    timeoutMs?: number,
  ): Promise<T>;
  next(match: (m: RealtimeServerMessage) => boolean, timeoutMs?: number): Promise<RealtimeServerMessage>;
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

export interface OpenOptions {
  audience: 'provider' | 'portal';
  origin?: string | undefined;
  cookie?: string | undefined;
  /** Appended to the path as is (the server refuses any query string). */
  query?: string;
}

/** Opens a socket; rejects with `Error('unexpected <status>')` when the upgrade is refused. */
export function openSocket(base: string, opts: OpenOptions): Promise<TestSocket> {
  const url = `${base.replace(/^http/, 'ws')}${REALTIME_PATH}${opts.query ?? ''}`;
  const ws = new WebSocket(url, [REALTIME_PROTOCOLS[opts.audience]], {
    headers: {
      ...(opts.origin ? { Origin: opts.origin } : {}),
      ...(opts.cookie ? { Cookie: opts.cookie } : {}),
    },
  });
  const messages: RealtimeServerMessage[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    messages.push(RealtimeServerMessage.parse(JSON.parse(data.toString())));
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  const socket: TestSocket = {
    ws,
    messages,
    activity: () => messages.filter((m): m is RealtimeActivity => m.type === 'activity'),
    send: (message) => ws.send(JSON.stringify(message)),
    next(match: (m: RealtimeServerMessage) => boolean, timeoutMs = 5_000) {
      return new Promise<RealtimeServerMessage>((resolve, reject) => {
        let from = 0;
        const check = () => {
          for (; from < messages.length; from++) {
            const m = messages[from] as RealtimeServerMessage;
            if (match(m)) {
              cleanup();
              resolve(m);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching realtime message in ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    closed,
    async close() {
      if (ws.readyState === ws.CLOSED) return;
      ws.close();
      await closed;
    },
  } as TestSocket;
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) => {
      reject(new Error(`unexpected ${res.statusCode}`));
      res.resume();
    });
    ws.once('error', (err) => reject(err));
  });
}

/** Opens a socket and says hello; resolves once the server answered `synced`. */
export async function connect(
  base: string,
  opts: OpenOptions & {
    lang?: 'en' | 'de';
    token?: string;
    portalId?: string;
    lastSeq?: number;
    lookBack?: { since: number; recent: number[] };
  },
): Promise<TestSocket> {
  const socket = await openSocket(base, opts);
  socket.send({
    type: 'hello',
    lang: opts.lang ?? 'en',
    ...(opts.token ? { token: opts.token } : {}),
    ...(opts.portalId ? { portalId: opts.portalId } : {}),
    ...(opts.lastSeq !== undefined ? { lastSeq: opts.lastSeq } : {}),
    ...(opts.lookBack ? { lookBack: opts.lookBack } : {}),
  });
  await socket.next((m) => m.type === 'synced');
  return socket;
}

/** The highest seq a socket has received (its `lastSeq` for a reconnect). */
export function lastSeqOf(socket: TestSocket): number {
  let last = 0;
  for (const m of socket.messages) {
    if (m.type === 'activity') last = Math.max(last, m.seq);
    if (m.type === 'synced' || m.type === 'ready')
      last = Math.max(last, m.type === 'ready' ? m.latestSeq : m.lastSeq);
  }
  return last;
}

/** Waits `ms` and returns the activity received meanwhile (to show that nothing arrives). */
export async function activityDuring(socket: TestSocket, ms: number): Promise<RealtimeActivity[]> {
  const before = socket.activity().length;
  await new Promise((r) => setTimeout(r, ms));
  return socket.activity().slice(before);
}
