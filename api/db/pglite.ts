import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../http/logger';
import type { PgliteWorkerData, PgliteWorkerMessage } from './pglite-worker';

export interface EmbeddedPostgres {
  host: string;
  port: number;
  stop(): Promise<void>;
}

const WORKER_URL = new URL('./pglite-worker.ts', import.meta.url);

/**
 * Starts PGlite on `<dataDir>/pg` (created on first start; in memory without a dataDir) on a thread of its
 * own (`pglite-worker.ts`), behind a loopback socket on a free port, so postgres.js (and the job queue's
 * driver) talk to it exactly as to a real server. Up to `maxConnections` clients share PGlite's one session.
 * The thread opens the database while the caller goes on (e.g. loading the server's code).
 */
export function startEmbeddedPostgres(
  dataDir: string | undefined,
  maxConnections: number,
  log: Logger,
): Promise<EmbeddedPostgres> {
  const dir = dataDir === undefined ? undefined : resolve(join(dataDir, 'pg'));
  const worker = new Worker(WORKER_URL, { workerData: { dir, maxConnections } satisfies PgliteWorkerData });
  let state: 'opening' | 'open' | 'stopping' = 'opening';
  let markStopped = () => {};
  const stopped = new Promise<void>((done) => {
    markStopped = done;
  });
  return new Promise((ready, fail) => {
    worker.on('error', (err) => {
      if (state === 'opening') fail(err);
      else log.error({ err }, 'embedded database failed');
    });
    worker.on('exit', (code) => {
      markStopped();
      if (state === 'opening')
        fail(new Error(`the embedded database stopped while opening (exit code ${code})`));
      else if (state === 'open') log.error({ code }, 'embedded database stopped unexpectedly');
    });
    worker.on('message', (message: PgliteWorkerMessage) => {
      if (message.type === 'stopped') markStopped();
      if (message.type !== 'ready') return;
      state = 'open';
      log.debug({ dir, port: message.port }, 'embedded database started');
      ready({
        host: '127.0.0.1',
        port: message.port,
        async stop() {
          if (state === 'open') {
            state = 'stopping';
            worker.postMessage('stop');
          }
          await stopped;
          await worker.terminate();
        },
      });
    });
  });
}
