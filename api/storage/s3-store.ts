import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { format } from 'node:util';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { Logger } from '../http/logger';
import { assertStorageKey, assertStoragePrefix, contentTypeOf } from './keys';
import { ByteMeter, clampRange, type FileStore, RangeNotSatisfiableError, storageUnavailable } from './store';

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2, Ceph …); unset: AWS. */
  endpoint?: string | undefined;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (most self-hosted services need it). */
  forcePathStyle?: boolean;
  /** Unset: the SDK's default chain (AWS_* variables, the instance's role, …). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Where uploads are spooled before they go to the bucket (a folder on local disk). */
  spoolDir: string;
  /** Files up to this size go up in one PUT; larger ones in parts (default 16 MiB). */
  multipartThreshold?: number;
  /** Part size of multipart uploads, at least S3's minimum of 5 MiB (default 8 MiB). */
  partSize?: number;
  /**
   * How long one request may go without progress (and a connection may take to open, at most 5 s) before
   * it is given up and tried again (default 10 s; `S3_TIMEOUT_MS`). With three attempts a store that
   * hangs is answered `storage_unavailable` after about three times this.
   */
  timeoutMs?: number;
  log?: Logger | undefined;
}

const MiB = 1024 * 1024;
const ATTEMPTS = 3;
const STALE_SPOOL_MS = 24 * 60 * 60 * 1000;

/**
 * Files as objects in an S3-compatible bucket, at their keys.
 *
 * Uploads are spooled to a file on local disk first (size, SHA-256 and the byte limit checked on the way),
 * then sent with a known length: one PUT, or parts read straight from the spool file. So memory stays at a
 * stream's buffers whatever the size (lib-storage's `Upload` holds each 5+ MiB part in memory, several at a
 * time: 13-20 MB held for a 10 MB upload against s3rver, this driver 0.3-0.5 MB), an upload that fails or is too large never reaches the bucket, and a failed request is
 * retried by re-reading the file (the SDK cannot retry a stream it already consumed). An abandoned
 * multipart upload is aborted; set a lifecycle rule "abort incomplete multipart uploads after 1 day" on
 * the bucket for the case where the abort itself fails.
 */
export function createS3Store(options: S3StoreOptions): FileStore {
  const { bucket, log } = options;
  const threshold = options.multipartThreshold ?? 16 * MiB;
  const partSize = Math.max(options.partSize ?? 8 * MiB, 5 * MiB);
  const spoolDir = resolve(options.spoolDir);
  let swept = false;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Bounded: a store that accepts connections but never answers must not hold a request for ever. The
    // SDK's own retries are off: `withRetries` is the one loop (it reopens a body the SDK cannot).
    // `socketTimeout` is inactivity (a 10 MB upload on a slow link is not cut while bytes move; a download
    // whose store stalls mid-body fails its stream); `requestTimeout` would only warn in this SDK.
    requestHandler: { connectionTimeout: Math.min(timeoutMs, 5_000), socketTimeout: timeoutMs },
    maxAttempts: 1,
    // Checksums only where the API requires them: the newer default (CRC32 trailers on every upload) is
    // not understood by many S3-compatible services.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // The SDK's own warnings (otherwise on the console) go to the service log. Its errors are those of
    // requests that failed, which it also throws to `withRetries`: logged there (a store that is down
    // is `s3 unavailable`, a warning: the request answers 503), so here at warning level too.
    logger: {
      debug: () => {},
      info: () => {},
      warn: (...args: unknown[]) => log?.warn({ s3: format(...args) }, 's3 client warning'),
      error: (...args: unknown[]) => log?.warn({ s3: format(...args) }, 's3 client error'),
    },
  });

  const status = (err: unknown) => (err as S3ServiceException)?.$metadata?.httpStatusCode;
  const isMissing = (err: unknown) =>
    status(err) === 404 ||
    (err instanceof S3ServiceException && ['NoSuchKey', 'NotFound'].includes(err.name));

  /**
   * Runs `send` up to three times on network errors, timeouts, 5xx, 408 and 429 (each attempt opens a
   * fresh body); when the last attempt fails so, the store is unavailable (503 `storage_unavailable`).
   */
  async function withRetries<T>(what: string, send: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await send();
      } catch (err) {
        const code = status(err);
        const retryable =
          code !== undefined
            ? code >= 500 || code === 408 || code === 429
            : typeof (err as NodeJS.ErrnoException)?.code === 'string' ||
              ['TimeoutError', 'RequestTimeout'].includes((err as Error)?.name);
        if (!retryable) throw err;
        if (attempt >= ATTEMPTS) {
          log?.warn({ err, attempts: attempt, what }, 's3 unavailable');
          throw storageUnavailable(err);
        }
        log?.warn({ err, attempt, what }, 's3 request failed, retrying');
        await new Promise((r) => setTimeout(r, 200 * 4 ** (attempt - 1)));
      }
    }
  }

  async function sendSpooled(key: string, file: string, size: number) {
    const ContentType = contentTypeOf(key);
    if (size <= threshold) {
      await withRetries('put', () =>
        client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            ContentType,
            ContentLength: size,
            Body: size === 0 ? '' : createReadStream(file),
          }),
        ),
      );
      return;
    }
    const { UploadId } = await withRetries('create multipart upload', () =>
      client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType })),
    );
    try {
      const parts: { ETag: string; PartNumber: number }[] = [];
      for (let start = 0, PartNumber = 1; start < size; start += partSize, PartNumber++) {
        const end = Math.min(start + partSize, size) - 1;
        const { ETag } = await withRetries('upload part', () =>
          client.send(
            new UploadPartCommand({
              Bucket: bucket,
              Key: key,
              UploadId,
              PartNumber,
              ContentLength: end - start + 1,
              Body: createReadStream(file, { start, end }),
            }),
          ),
        );
        parts.push({ ETag: ETag ?? '', PartNumber });
      }
      await withRetries('complete multipart upload', () =>
        client.send(
          new CompleteMultipartUploadCommand({
            Bucket: bucket,
            Key: key,
            UploadId,
            MultipartUpload: { Parts: parts },
          }),
        ),
      );
    } catch (err) {
      await client
        .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId }))
        .catch((abortErr) => log?.warn({ err: abortErr, key }, 's3 multipart upload not aborted'));
      throw err;
    }
  }

  async function sweepStaleSpool() {
    const now = Date.now();
    for (const name of await readdir(spoolDir).catch(() => [])) {
      const path = join(spoolDir, name);
      const info = await stat(path).catch(() => null);
      if (info && now - info.mtimeMs > STALE_SPOOL_MS) await rm(path, { force: true });
    }
  }

  async function listKeys(prefix: string, each: (keys: string[]) => Promise<void>) {
    assertStoragePrefix(prefix);
    let ContinuationToken: string | undefined;
    do {
      const page = await withRetries('list', () =>
        client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken })),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
      if (keys.length) await each(keys);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async function statKey(key: string) {
    assertStorageKey(key);
    try {
      const res = await withRetries('head', () =>
        client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })),
      );
      return {
        size: Number(res.ContentLength ?? 0),
        contentType: contentTypeOf(key),
        lastModified: res.LastModified ?? new Date(0),
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  return {
    driver: 's3',

    async put(key, body, { maxBytes, headBytes } = {}) {
      assertStorageKey(key);
      await mkdir(spoolDir, { recursive: true });
      if (!swept) {
        swept = true;
        void sweepStaleSpool().catch(() => {});
      }
      const spool = join(spoolDir, `${randomBytes(12).toString('hex')}.part`);
      const meter = new ByteMeter(maxBytes, { headBytes });
      try {
        await pipeline(body, meter, createWriteStream(spool, { flags: 'wx' }));
        await sendSpooled(key, spool, meter.size);
      } finally {
        await rm(spool, { force: true });
      }
      return { size: meter.size, sha256: meter.sha256(), ...(headBytes ? { head: meter.head() } : {}) };
    },

    async get(key, { range } = {}) {
      assertStorageKey(key);
      try {
        const res = await withRetries('get', () =>
          client.send(
            new GetObjectCommand({
              Bucket: bucket,
              Key: key,
              ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
            }),
          ),
        );
        const total = range
          ? Number(/\/(\d+)$/.exec(res.ContentRange ?? '')?.[1] ?? Number.NaN)
          : Number(res.ContentLength ?? 0);
        const body = res.Body as Readable;
        if (range && Number.isNaN(total)) {
          body.destroy();
          throw new Error(`s3: no Content-Range in the answer to a range request for ${key}`);
        }
        return {
          body,
          size: total,
          contentType: contentTypeOf(key),
          lastModified: res.LastModified ?? new Date(0),
          ...(range ? { range: clampRange(range, total) } : {}),
        };
      } catch (err) {
        if (isMissing(err)) return null;
        if (status(err) === 416) {
          const info = await statKey(key);
          if (!info) return null;
          throw new RangeNotSatisfiableError(info.size);
        }
        throw err;
      }
    },

    stat: statKey,

    async delete(key) {
      assertStorageKey(key);
      await withRetries('delete', () => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })));
    },

    async deletePrefix(prefix) {
      let count = 0;
      await listKeys(prefix, async (keys) => {
        const res = await withRetries('delete many', () =>
          client.send(
            new DeleteObjectsCommand({
              Bucket: bucket,
              Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
            }),
          ),
        );
        const failed = res.Errors ?? [];
        if (failed.length)
          throw new Error(
            `s3: ${failed.length} objects under ${prefix} not deleted (${failed[0]?.Code}: ${failed[0]?.Message})`,
          );
        count += keys.length;
      });
      return count;
    },

    async list(prefix) {
      const all: string[] = [];
      await listKeys(prefix, async (keys) => {
        all.push(...keys);
      });
      return all.sort();
    },

    close() {
      client.destroy();
    },
  };
}
