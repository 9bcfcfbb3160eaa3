import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test receiver got. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
  /** The sender's port: the same for requests over one kept-alive connection. */
  remotePort: number | undefined;
}

export type ReceiverBehaviour =
  | { kind: 'ok' }
  | { kind: 'status'; status: number }
  | { kind: 'redirect'; location: string }
  /** Answers headers, then never finishes the body. */
  | { kind: 'hang' }
  | { kind: 'big'; bytes: number };

/**
 * A local HTTP receiver for webhook tests: records every request, answers 200 `{"ok":true}` unless told
 * otherwise (`failNext(n, path?)` answers 500 to the next n requests, `behave(path, …)` fixes a path's answer).
 * `waitFor` resolves once a condition on what arrived holds (no fixed sleeps).
 * @example const r = await startReceiver(); r.failNext(2); … await r.waitFor((got) => got.length >= 3)
 */
export async function startReceiver() {
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  const behaviours = new Map<string, ReceiverBehaviour>();
  /** Requests still to fail, by path ('*': any path). */
  const failures = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
        remotePort: req.socket.remotePort,
      });
      for (const wake of waiters) wake();
      const behaviour = behaviours.get(path) ?? { kind: 'ok' };
      const failKey = (failures.get(path) ?? 0) > 0 ? path : (failures.get('*') ?? 0) > 0 ? '*' : null;
      if (failKey) {
        failures.set(failKey, (failures.get(failKey) ?? 0) - 1);
        res.writeHead(500, { 'content-type': 'text/plain' }).end('receiver failed on purpose');
        return;
      }
      switch (behaviour.kind) {
        case 'status':
          res.writeHead(behaviour.status).end(`status ${behaviour.status}`);
          return;
        case 'redirect':
          res.writeHead(302, { location: behaviour.location }).end();
          return;
        case 'hang':
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.write('started…');
          return;
        case 'big':
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end(Buffer.alloc(behaviour.bytes, 'x'.charCodeAt(0)));
          return;
        default:
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      }
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    received,
    /** How long an idle kept-alive connection stays open (1 ms unless set). */
    keepAlive(ms: number) {
      server.keepAliveTimeout = ms;
    },
    /** Answers 500 to the next `n` requests (to `path` only, when given). */
    failNext(n: number, path = '*') {
      failures.set(path, n);
    },
    behave(path: string, behaviour: ReceiverBehaviour) {
      behaviours.set(path, behaviour);
    },
    /** Resolves when `check(received)` holds; rejects after `timeoutMs`. */
    waitFor(check: (got: Received[]) => boolean, timeoutMs = 10_000): Promise<void> {
      if (check(received)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(`receiver: condition not met within ${timeoutMs} ms (${received.length} received)`),
          );
        }, timeoutMs);
        const wake = () => {
          if (!check(received)) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * Polls `read` until `done(value)` holds, every `everyMs`, for at most `timeoutMs` (for state the test can
 * only read from the database, e.g. a delivery's status after the worker recorded it).
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 10_000, everyMs = 20 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`pollUntil: not done within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
