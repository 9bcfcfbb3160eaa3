import { mkdirSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketHandler, type PGLiteSocketHandlerOptions } from '@electric-sql/pglite-socket';

/*
 * The embedded database's thread (`pglite.ts` starts it): PGlite and the loopback socket that postgres.js
 * and the job queue's driver talk to. On its own thread, opening the database (compiling its WebAssembly,
 * starting PostgreSQL: most of a start's time) runs while the server's code loads, and planning and
 * running queries never blocks the server's event loop.
 *
 * Loaded by Node directly (it strips the types): it imports packages only.
 */

export interface PgliteWorkerData {
  /** The database's folder (created on first start); undefined: in memory. */
  dir: string | undefined;
  maxConnections: number;
  /**
   * In memory only: a data directory to start from (a `dump`'s bytes) instead of an empty one. The test
   * harness migrates one database per test process and starts each test's from its image.
   */
  image?: Uint8Array;
}

/**
 * The thread's messages: `ready` once the socket listens, `stopped` after `stop`, `image` after `dump`
 * (the data directory as PGlite's `dumpDataDir` makes it, a tar file).
 */
export type PgliteWorkerMessage =
  | { type: 'ready'; port: number }
  | { type: 'stopped' }
  | { type: 'image'; image: Uint8Array };

interface Queued {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (err: unknown) => void;
}

/** Protocol 3.0's startup packet carries no type byte: its length, then this version number. */
const PROTOCOL_3 = 196_608;
/** Sync ('S', length 4): ends an extended-protocol batch (and its implicit transaction, or error state). */
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);
/** A simple Query ('Q') of `ROLLBACK`. */
const ROLLBACK = (() => {
  const text = Buffer.from('ROLLBACK\0');
  const message = Buffer.alloc(5 + text.length);
  message.write('Q', 0);
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return new Uint8Array(message);
})();

/** Whether PGlite answers `message` with ReadyForQuery, i.e. the client's batch is complete after it. */
function endsBatch(message: Uint8Array): boolean {
  const startup =
    message.length >= 8 && new DataView(message.buffer, message.byteOffset).getInt32(4) === PROTOCOL_3;
  if (startup) return true;
  const type = String.fromCharCode(message[0] ?? 0);
  // Sync, a simple Query, Terminate.
  return type === 'S' || type === 'Q' || type === 'X';
}

/**
 * The order in which PGlite's one session runs the protocol messages of several socket clients.
 *
 * pglite-socket's own queue runs them one message at a time, first come first served, keeping a client's
 * messages together only inside an explicit transaction. An extended-protocol query is several messages
 * (Parse, Bind, Describe, Execute, Sync) that all refer to the session's one unnamed statement and portal,
 * so a second client's Parse between them makes the first client's Bind run the wrong statement ("bind
 * message supplies 1 parameters, but prepared statement "" requires 2": seen at once with graphile-worker's
 * pool next to the app's postgres.js). Here a client that has begun a batch or a transaction owns the
 * session until the batch is synced and no transaction is open; the others' messages wait in order.
 * A client that goes away while owning it is cleaned up after (Sync, then ROLLBACK if a transaction is open).
 */
export class SessionQueue {
  private readonly db: PGlite;
  private queue: Queued[] = [];
  private owner: number | null = null;
  private running = false;

  constructor(db: PGlite) {
    this.db = db;
  }

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.drain();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.queue = this.queue.filter((item) => {
      if (item.handlerId !== handlerId) return true;
      item.reject(new Error('Handler disconnected'));
      return false;
    });
  }

  /** Called when a client disconnects: ends what it left open, so the session is clean for the others. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    await this.db.runExclusive(async () => {
      await this.db.execProtocolRawStream(SYNC, { onRawData: () => {} });
      // As a protocol message: `db.exec` would wait for the lock this callback holds.
      if (this.db.isInTransaction()) await this.db.execProtocolRawStream(ROLLBACK, { onRawData: () => {} });
    });
    this.owner = null;
    await this.drain();
  }

  private next(): Queued | undefined {
    if (this.owner === null) return this.queue.shift();
    const index = this.queue.findIndex((item) => item.handlerId === this.owner);
    return index === -1 ? undefined : this.queue.splice(index, 1)[0];
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let item = this.next(); item; item = this.next()) {
        const current = item;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(current.message, {
              onRawData: (data) => {
                bytes += data.length;
                current.onData(data);
              },
            }),
          );
        } catch (err) {
          current.reject(err);
          continue;
        }
        this.owner = endsBatch(current.message) && !this.db.isInTransaction() ? null : current.handlerId;
        current.resolve(bytes);
      }
    } finally {
      this.running = false;
    }
  }
}

/**
 * Opens PGlite (`dir`, or in memory) behind a loopback socket on a free port. Up to `maxConnections`
 * clients share PGlite's one session through a {@link SessionQueue}.
 */
async function serve({ dir, maxConnections, image }: PgliteWorkerData) {
  if (dir !== undefined) mkdirSync(dir, { recursive: true });
  // pg_trgm backs the client search indexes; btree_gist the bookings' no-overlap constraint (0031).
  const extensions = { pg_trgm, btree_gist };
  const db = await PGlite.create(
    dir
      ? { dataDir: dir, extensions }
      : image
        ? { loadDataDir: new Blob([new Uint8Array(image)]), extensions }
        : { extensions },
  );
  const queue = new SessionQueue(db);
  const handlers = new Set<PGLiteSocketHandler>();
  const server: Server = createServer((socket: Socket) => {
    if (handlers.size >= maxConnections) {
      socket.end('Too many connections\n');
      return;
    }
    // The handler frames the protocol messages; the queue decides whose message PGlite runs next.
    const handler = new PGLiteSocketHandler({
      queryQueue: queue as unknown as PGLiteSocketHandlerOptions['queryQueue'],
      closeOnDetach: true,
    });
    handlers.add(handler);
    const forget = () => handlers.delete(handler);
    handler.addEventListener('close', forget);
    handler.addEventListener('error', forget);
    handler.attach(socket).catch(() => {
      forget();
      socket.destroy();
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  parentPort?.on('message', async (message: unknown) => {
    if (message === 'dump') {
      const tar = new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
      parentPort?.postMessage({ type: 'image', image: tar } satisfies PgliteWorkerMessage, [tar.buffer]);
      return;
    }
    if (message !== 'stop') return;
    for (const handler of handlers) await handler.detach(true);
    handlers.clear();
    await new Promise<void>((done) => server.close(() => done()));
    await db.close();
    parentPort?.postMessage({ type: 'stopped' } satisfies PgliteWorkerMessage);
    parentPort?.close();
  });
  parentPort?.postMessage({ type: 'ready', port } satisfies PgliteWorkerMessage);
}

if (!isMainThread && parentPort) await serve(workerData as PgliteWorkerData);
