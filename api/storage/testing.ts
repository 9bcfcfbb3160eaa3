import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { loadConfig } from '../config';
import { createStore, localStoreDir } from './create-store';
import { createS3Store } from './s3-store';
import type { FileStore } from './store';

/** Test helpers: an S3 server of its own per test file, and the environment that points the app at it. */

/** Credentials s3rver accepts (it checks signatures against these). */
const S3RVER_KEY = 'S3RVER';
export const TEST_BUCKET = 'portal-test';

export interface S3Peer {
  /** The STORAGE_DRIVER=s3 environment for `createTestContext` / `loadConfig`, with its own spool DATA_DIR. */
  env: Record<string, string>;
  /**
   * Takes the bucket offline (its objects kept) until `resume()`: storage failing under the app.
   * `dropConnections`: requests under way are cut too (a crash), not left to finish.
   */
  pause(opts?: { dropConnections?: boolean }): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts `s3rver` (an independent S3 implementation in Node) on a free loopback port with an empty bucket,
 * storing into a temp folder that `close()` removes.
 * @example const s3 = await startS3Peer(); t = await createTestContext(s3.env)
 */
export async function startS3Peer(): Promise<S3Peer> {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const dataDir = mkdtempSync(join(tmpdir(), 's3-data-'));
  const serve = (port: number) =>
    new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: TEST_BUCKET }],
    });
  let server = serve(0);
  const { port } = await server.run();
  return {
    env: {
      DATA_DIR: dataDir,
      STORAGE_DRIVER: 's3',
      S3_BUCKET: TEST_BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    },
    async pause({ dropConnections = false } = {}) {
      const closing = server.close();
      if (dropConnections) server.httpServer?.closeAllConnections();
      await closing;
    },
    async resume() {
      server = serve(port);
      await server.run();
    },
    async close() {
      await server.close().catch(() => {});
      rmSync(directory, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A store under test with what only its driver can show: temp or spool files left on local disk. */
export interface DriverUnderTest {
  name: 'local' | 's3';
  store: FileStore;
  /** The local driver's folder (where its files are on disk). */
  root?: string;
  /** Files in the driver's temp or spool folder (must be none after any put, finished or failed). */
  leftovers(): string[];
  close(): Promise<void>;
}

const filesIn = (dir: string) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

/** The local driver on a fresh temp DATA_DIR, made from the configuration as the app makes it. */
export function localDriver(): DriverUnderTest {
  const dataDir = mkdtempSync(join(tmpdir(), 'local-store-'));
  const store = createStore(loadConfig({ DATA_DIR: dataDir }));
  return {
    name: 'local',
    store,
    root: localStoreDir(dataDir),
    leftovers: () => filesIn(join(localStoreDir(dataDir), '.tmp')),
    async close() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The S3 driver against a fresh s3rver. Files over 5 MiB go up in 5 MiB parts here (production: over
 * 16 MiB, in 8 MiB parts), so the suite's large file takes the multipart path.
 */
export async function s3Driver(): Promise<DriverUnderTest> {
  const peer = await startS3Peer();
  const config = loadConfig(peer.env);
  const spoolDir = join(config.DATA_DIR, 'spool');
  const store = createS3Store({
    bucket: config.S3_BUCKET ?? TEST_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
    spoolDir,
    multipartThreshold: 5 * 1024 * 1024,
    partSize: 5 * 1024 * 1024,
  });
  return {
    name: 's3',
    store,
    leftovers: () => filesIn(spoolDir),
    async close() {
      store.close();
      await peer.close();
    },
  };
}
