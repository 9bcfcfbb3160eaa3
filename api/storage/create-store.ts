import { join } from 'node:path';
import type { Config } from '../config';
import type { Logger } from '../http/logger';
import { createLocalStore } from './local-store';
import { createS3Store } from './s3-store';
import type { FileStore } from './store';

/** The local driver's folder: `<DATA_DIR>/uploads` (one file per key, at the key's path). */
export function localStoreDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/**
 * The store the configuration names (STORAGE_DRIVER, S3_*; validated in config.ts).
 * @example deps.store = createStore(config, log)
 */
export function createStore(
  config: Pick<
    Config,
    | 'DATA_DIR'
    | 'STORAGE_DRIVER'
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ENDPOINT'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_FORCE_PATH_STYLE'
    | 'S3_TIMEOUT_MS'
  >,
  log?: Logger,
): FileStore {
  if (config.STORAGE_DRIVER === 'local') return createLocalStore(localStoreDir(config.DATA_DIR));
  if (!config.S3_BUCKET) throw new Error('S3_BUCKET is required when STORAGE_DRIVER=s3');
  return createS3Store({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    timeoutMs: config.S3_TIMEOUT_MS,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
    // Uploads wait here (on local disk, not in memory) until their size and hash are known.
    spoolDir: join(config.DATA_DIR, 'tmp', 'uploads'),
    log,
  });
}
