import { createHash } from 'node:crypto';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { ApiError } from '../http/errors';

/**
 * The one file storage interface (logos now; project files, invoice PDFs and attachments later). Two
 * drivers: `local-store.ts` (a folder under DATA_DIR) and `s3-store.ts` (any S3-compatible bucket), chosen
 * by STORAGE_DRIVER. Keys come from `keys.ts` only.
 */
export interface FileStore {
  readonly driver: 'local' | 's3';
  /**
   * Stores a stream under `key`, replacing what was there. The bytes are never all in memory; their size
   * and SHA-256 are measured on the way. A stream that fails, or passes `maxBytes` (then
   * `ApiError('payload_too_large')`), leaves nothing behind: no object, no temp file.
   * @example await store.put(portalLogoKey(providerId, portalId), Readable.from([webp]))
   */
  put(key: string, body: UploadSource, options?: PutOptions): Promise<PutResult>;
  /**
   * A stored file as a stream with what a response needs (size, type), or null when there is none.
   * With `range`, only those bytes (HTTP semantics: `end` inclusive, clamped to the file); a range that
   * starts past the end throws `RangeNotSatisfiableError`. The caller must consume or destroy `body`.
   */
  get(key: string, options?: { range?: ByteRange }): Promise<StoredFile | null>;
  /** Size, type and time of a stored file, or null when there is none. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /** Removes a file; a missing one is fine. */
  delete(key: string): Promise<void>;
  /**
   * Removes every file under a prefix (`providers/<id>/`, a folder: it ends with `/`).
   * @returns how many files were removed
   */
  deletePrefix(prefix: string): Promise<number>;
  /** The keys under a prefix, sorted. */
  list(prefix: string): Promise<string[]>;
  /**
   * Where the file of `key` lies on this machine (the local driver only), for a process of ours that
   * reads it itself (the preview processes: the server then never holds or pipes the bytes). It may not
   * exist; check with `stat`.
   */
  localPath?(key: string): string;
  /** Releases connections (the S3 client's sockets); the store is not used afterwards. */
  close(): void;
}

/** What `put` reads: a Node stream, a web stream or any async iterable of bytes. */
export type UploadSource = Readable | NodeJS.ReadableStream | AsyncIterable<Uint8Array>;

export interface PutOptions {
  /** Past this many bytes the put fails with `payload_too_large` and stores nothing. */
  maxBytes?: number;
  /**
   * Keep a copy of the first this many bytes (`PutResult.head`), taken as they stream past: e.g. to
   * judge the type by content without reading the stored file back.
   */
  headBytes?: number;
}

export interface PutResult {
  /** Bytes stored. */
  size: number;
  /** Lower-case hex SHA-256 of the bytes, computed while they streamed through. */
  sha256: string;
  /** The first `headBytes` bytes (fewer for a shorter file), when asked for. */
  head?: Buffer;
}

export interface StoredFileInfo {
  /** The whole file's size, also when a range was asked for. */
  size: number;
  contentType: string;
  lastModified: Date;
}

export interface StoredFile extends StoredFileInfo {
  body: Readable;
  /** The bytes `body` holds when a range was asked for (inclusive, as in `Content-Range`). */
  range?: { start: number; end: number };
}

/** `bytes=start-end` of an HTTP Range header; `end` inclusive and optional (to the end of the file). */
export interface ByteRange {
  start: number;
  end?: number;
}

/** A range that starts at or past the end of the file (HTTP 416). */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super(`range not satisfiable (size ${size})`);
  }
}

/** Clamps a range to a file of `size` bytes. @throws RangeNotSatisfiableError */
export function clampRange(range: ByteRange, size: number): { start: number; end: number } {
  if (!Number.isSafeInteger(range.start) || range.start < 0 || range.start >= size)
    throw new RangeNotSatisfiableError(size);
  const end = Math.min(range.end ?? size - 1, size - 1);
  if (end < range.start) throw new RangeNotSatisfiableError(size);
  return { start: range.start, end };
}

/**
 * Passes bytes through unchanged while counting them and hashing them (SHA-256); past `maxBytes` it fails
 * the stream with `payload_too_large`, so nothing beyond the limit is ever written.
 * @example await pipeline(source, meter, sink); meter.size; meter.sha256()
 */
export class ByteMeter extends Transform {
  size = 0;
  private readonly hash;
  private readonly headBytes: number;
  private readonly headChunks: Buffer[] = [];
  private headSize = 0;

  /**
   * `hash: false` only counts and limits (a limit in front of something that hashes itself);
   * `headBytes` keeps a copy of the first bytes (`head()`).
   */
  constructor(
    private readonly maxBytes = Number.POSITIVE_INFINITY,
    { hash = true, headBytes = 0 }: { hash?: boolean; headBytes?: number } = {},
  ) {
    super();
    this.hash = hash ? createHash('sha256') : null;
    this.headBytes = headBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      done(tooLarge());
      return;
    }
    this.hash?.update(chunk);
    if (this.headSize < this.headBytes) {
      // A copy: the chunk's memory may be reused once it is written.
      const part = Buffer.from(chunk.subarray(0, this.headBytes - this.headSize));
      this.headChunks.push(part);
      this.headSize += part.length;
    }
    done(null, chunk);
  }

  /** The first `headBytes` bytes that passed (fewer for a shorter stream). */
  head(): Buffer {
    return Buffer.concat(this.headChunks, this.headSize);
  }

  /** The hex digest; call once, after the stream finished. */
  sha256(): string {
    if (!this.hash) throw new Error('ByteMeter: made without a hash');
    return this.hash.digest('hex');
  }
}

/**
 * 413 `payload_too_large`, closing the connection: the client may still be sending a body nobody will
 * read, and the server should not keep draining it.
 */
export function tooLarge(): ApiError {
  return new ApiError('payload_too_large', { headers: { Connection: 'close' } });
}

/** How long a client is asked to wait (`Retry-After`, seconds) when the store cannot be reached. */
export const STORAGE_RETRY_AFTER_SECONDS = 10;

/**
 * The store cannot be reached (connection refused or reset, timed out, 5xx) after the driver's bounded
 * retries: 503 `storage_unavailable` with `Retry-After`, never a 500 (issue 31).
 */
export function storageUnavailable(cause: unknown): ApiError {
  return new ApiError('storage_unavailable', {
    headers: { 'Retry-After': String(STORAGE_RETRY_AFTER_SECONDS) },
    cause,
  });
}

/** Whether `err` is {@link storageUnavailable}'s error. */
export const isStorageUnavailable = (err: unknown): boolean =>
  err instanceof ApiError && err.code === 'storage_unavailable';
