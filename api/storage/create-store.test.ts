import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createStore } from './create-store';
import { startS3Peer } from './testing';

describe('storage configuration', () => {
  it('defaults to the local driver under DATA_DIR', () => {
    const config = loadConfig({});
    expect(config.STORAGE_DRIVER).toBe('local');
    expect(createStore(config).driver).toBe('local');
  });

  it.each([
    [
      { STORAGE_DRIVER: 'ftp' },
      /^Invalid environment variable STORAGE_DRIVER: STORAGE_DRIVER must be local or s3/,
    ],
    [
      { STORAGE_DRIVER: 's3' },
      /^Invalid environment variable S3_BUCKET: S3_BUCKET is required when STORAGE_DRIVER=s3/,
    ],
    [{ STORAGE_DRIVER: 's3', S3_BUCKET: 'My_Bucket' }, /^Invalid environment variable S3_BUCKET: /],
    [{ S3_ENDPOINT: 'minio:9000' }, /^Invalid environment variable S3_ENDPOINT: /],
    [
      { S3_ENDPOINT: 'ftp://minio:9000' },
      /^Invalid environment variable S3_ENDPOINT: S3_ENDPOINT must start with http/,
    ],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, /^Invalid environment variable S3_FORCE_PATH_STYLE: /],
    [{ S3_ACCESS_KEY_ID: 'AKIA123' }, /^Invalid environment variable S3_SECRET_ACCESS_KEY: .*set together/],
    [{ S3_SECRET_ACCESS_KEY: 'secret' }, /^Invalid environment variable S3_ACCESS_KEY_ID: .*set together/],
  ])('stops with one line naming the variable for %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never prints the secret key when it names a credential problem', () => {
    expect(() => loadConfig({ S3_SECRET_ACCESS_KEY: 'do-not-print' })).toThrow(/^(?!.*do-not-print)/);
  });

  it('makes the S3 driver from the S3_* variables (against s3rver)', async () => {
    const peer = await startS3Peer();
    const store = createStore(loadConfig(peer.env));
    try {
      expect(store.driver).toBe('s3');
      expect(await store.put('config/check.txt', Readable.from([Buffer.from('hello')]))).toMatchObject({
        size: 5,
      });
      expect(await store.stat('config/check.txt')).toMatchObject({
        size: 5,
        contentType: 'text/plain; charset=utf-8',
      });
    } finally {
      store.close();
      await peer.close();
    }
  });
});
