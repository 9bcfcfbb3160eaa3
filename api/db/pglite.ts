import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../http/logger';
import type { PgliteWorkerData, PgliteWorkerMessage } from './pglite-worker';

export interface EmbeddedPostgres {
  host: string;
  port: number;
  /** The data directory's image (a tar file), to start another in-memory database from. */
  dump(): Promise<Uint8Array>;
  stop(): Promise<void>;
}

const WORKER_URL = new URL('./pglite-worker.ts', import.meta.url);

/** The database thread and its opening (its socket's port); a failure to open rejects. */
interface DatabaseThread {
  worker: Worker;
  opened: Promise<number>;
}

/**
 * A thread `api/cli/start.js` started before the server's code loaded (`npm start` on the embedded
 * database), with what it was started for; taken by the first `startEmbeddedPostgres` asking for the same.
 */
interface EarlyThread extends DatabaseThread {
  dir: string | undefined;
  maxConnections: number;
}
const EARLY = Symbol.for('client-portal.embedded-database');

function takeEarlyThread(dir: string | undefined, maxConnections: number): DatabaseThread | undefined {
  const holder = globalThis as { [EARLY]?: EarlyThread };
  const early = holder[EARLY];
  delete holder[EARLY];
  if (!early) return undefined;
  if (early.dir === dir && early.maxConnections === maxConnections) return early;
  void early.worker.terminate();
  return undefined;
}

function startThread(dir: string | undefined, maxConnections: number, image?: Uint8Array): DatabaseThread {
  const workerData: PgliteWorkerData = image ? { dir, maxConnections, image } : { dir, maxConnections };
  const worker = new Worker(WORKER_URL, { workerData });
  const opened = new Promise<number>((ready, fail) => {
    worker.on('message', (message: PgliteWorkerMessage) => {
      if (message.type === 'ready') ready(message.port);
    });
    worker.once('error', fail);
    worker.once('exit', (code) =>
      fail(new Error(`the embedded database stopped while opening (exit code ${code})`)),
    );
  });
  opened.catch(() => {});
  return { worker, opened };
}

/**
 * Starts PGlite on `<dataDir>/pg` (created on first start; in memory without a dataDir) on a thread of its
 * own (`pglite-worker.ts`), behind a loopback socket on a free port, so postgres.js (and the job queue's
 * driver) talk to it exactly as to a real server. Up to `maxConnections` clients share PGlite's one session.
 * The thread opens the database while the caller goes on (e.g. loading the server's code); `npm start`
 * starts it even before that (`api/cli/start.js`), and this takes it over.
 */
export async function startEmbeddedPostgres(
  dataDir: string | undefined,
  maxConnections: number,
  log: Logger,
  image?: Uint8Array,
): Promise<EmbeddedPostgres> {
  const dir = dataDir === undefined ? undefined : resolve(join(dataDir, 'pg'));
  const { worker, opened } =
    (image ? undefined : takeEarlyThread(dir, maxConnections)) ?? startThread(dir, maxConnections, image);
  const port = await opened;
  let stopping = false;
  let markStopped = () => {};
  const stopped = new Promise<void>((done) => {
    markStopped = done;
  });
  worker.on('error', (err) => log.error({ err }, 'embedded database failed'));
  worker.on('exit', (code) => {
    markStopped();
    if (!stopping) log.error({ code }, 'embedded database stopped unexpectedly');
  });
  worker.on('message', (message: PgliteWorkerMessage) => {
    if (message.type === 'stopped') markStopped();
  });
  log.debug({ dir, port }, 'embedded database started');
  return {
    host: '127.0.0.1',
    port,
    dump: () =>
      new Promise<Uint8Array>((done) => {
        const onMessage = (message: PgliteWorkerMessage) => {
          if (message.type !== 'image') return;
          worker.off('message', onMessage);
          done(message.image);
        };
        worker.on('message', onMessage);
        worker.postMessage('dump');
      }),
    async stop() {
      if (!stopping) {
        stopping = true;
        worker.postMessage('stop');
      }
      await stopped;
      await worker.terminate();
    },
  };
}
