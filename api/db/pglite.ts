import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { Logger } from '../http/logger';

export interface EmbeddedPostgres {
  host: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts PGlite on `<dataDir>/pg` (created on first start; in memory without a dataDir) behind a loopback socket on a free port,
 * so postgres.js talks to it exactly as to a real server.
 */
export async function startEmbeddedPostgres(
  dataDir: string | undefined,
  maxConnections: number,
  log: Logger,
): Promise<EmbeddedPostgres> {
  let dir: string | undefined;
  if (dataDir !== undefined) {
    dir = resolve(join(dataDir, 'pg'));
    mkdirSync(dir, { recursive: true });
  }
  // Without a directory the database lives in memory (tests). pg_trgm backs the client search indexes.
  const extensions = { pg_trgm };
  const db = await PGlite.create(dir ? { dataDir: dir, extensions } : { extensions });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
  await server.start();
  const [host = '127.0.0.1', port = '0'] = server.getServerConn().split(':');
  log.debug({ dir, port }, 'embedded database started');
  return {
    host,
    port: Number(port),
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
