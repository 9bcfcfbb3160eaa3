import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { StorageKeyError } from './keys';
import { RangeNotSatisfiableError } from './store';
import { type DriverUnderTest, localDriver, s3Driver } from './testing';

/**
 * The one suite every driver passes: the local folder, and the S3 driver against s3rver (an independent
 * S3 implementation) on a port of its own.
 */

const MiB = 1024 * 1024;

/** `total` random bytes in 64 KiB chunks, generated as they are read; `expected()` is their SHA-256. */
function randomSource(total: number, opts: { failAfter?: number } = {}) {
  const hash = createHash('sha256');
  async function* chunks() {
    for (let sent = 0; sent < total; ) {
      if (opts.failAfter !== undefined && sent >= opts.failAfter) throw new Error('client went away');
      const chunk = randomBytes(Math.min(64 * 1024, total - sent));
      hash.update(chunk);
      sent += chunk.length;
      yield chunk;
    }
  }
  return { stream: Readable.from(chunks()), expected: () => hash.digest('hex') };
}

async function drain(body: Readable): Promise<{ size: number; sha256: string; bytes: Buffer }> {
  const hash = createHash('sha256');
  const kept: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    hash.update(chunk);
    size += chunk.length;
    if (size <= 1024) kept.push(chunk);
  }
  return { size, sha256: hash.digest('hex'), bytes: Buffer.concat(kept) };
}

describe.each([
  ['local', async () => localDriver()],
  ['s3', s3Driver],
])('file store, %s driver', (_name, make) => {
  let d: DriverUnderTest;
  beforeAll(async () => {
    d = await make();
  });
  afterAll(() => d.close());

  it('streams a 12 MB file in and out with its size and SHA-256', async () => {
    const source = randomSource(12 * MiB + 123);
    const put = await d.store.put('suite/large/file.pdf', source.stream);
    const sha256 = source.expected();
    expect(put).toEqual({ size: 12 * MiB + 123, sha256 });

    const file = await d.store.get('suite/large/file.pdf');
    expect(file?.size).toBe(12 * MiB + 123);
    expect(file?.contentType).toBe('application/pdf');
    expect(file?.lastModified).toBeInstanceOf(Date);
    const read = await drain(file?.body as Readable);
    expect(read.size).toBe(12 * MiB + 123);
    expect(read.sha256).toBe(sha256);
    expect(d.leftovers()).toEqual([]);
  });

  it('answers null for a missing key, and deleting it is fine', async () => {
    expect(await d.store.get('suite/missing/none.webp')).toBeNull();
    expect(await d.store.stat('suite/missing/none.webp')).toBeNull();
    await expect(d.store.delete('suite/missing/none.webp')).resolves.toBeUndefined();
    expect(await d.store.deletePrefix('suite/missing/')).toBe(0);
  });

  it('stores an empty file, a web stream, and replaces a key', async () => {
    const empty = await d.store.put('suite/small/empty.txt', Readable.from([]));
    expect(empty).toEqual({ size: 0, sha256: createHash('sha256').digest('hex') });
    expect((await d.store.stat('suite/small/empty.txt'))?.size).toBe(0);

    const web = new Blob(['first version']).stream();
    await d.store.put('suite/small/note.txt', web);
    await d.store.put('suite/small/note.txt', Readable.from([Buffer.from('second')]));
    const file = await d.store.get('suite/small/note.txt');
    expect(file?.contentType).toBe('text/plain; charset=utf-8');
    expect((await drain(file?.body as Readable)).bytes.toString()).toBe('second');
  });

  it('reads a byte range, and refuses one past the end', async () => {
    await d.store.put('suite/range/digits.txt', Readable.from([Buffer.from('0123456789')]));
    const part = await d.store.get('suite/range/digits.txt', { range: { start: 2, end: 5 } });
    expect(part?.size).toBe(10);
    expect(part?.range).toEqual({ start: 2, end: 5 });
    expect((await drain(part?.body as Readable)).bytes.toString()).toBe('2345');
    const tail = await d.store.get('suite/range/digits.txt', { range: { start: 7, end: 100 } });
    expect(tail?.range).toEqual({ start: 7, end: 9 });
    expect((await drain(tail?.body as Readable)).bytes.toString()).toBe('789');
    await expect(d.store.get('suite/range/digits.txt', { range: { start: 10 } })).rejects.toBeInstanceOf(
      RangeNotSatisfiableError,
    );
  });

  it('deletes for real', async () => {
    await d.store.put('suite/delete/a.webp', Readable.from([Buffer.from('logo')]));
    expect(await d.store.stat('suite/delete/a.webp')).toMatchObject({ size: 4, contentType: 'image/webp' });
    await d.store.delete('suite/delete/a.webp');
    expect(await d.store.stat('suite/delete/a.webp')).toBeNull();
    expect(await d.store.get('suite/delete/a.webp')).toBeNull();
    expect(await d.store.list('suite/delete/')).toEqual([]);
  });

  it('deletes everything under a prefix and nothing beside it', async () => {
    const put = (key: string) => d.store.put(key, Readable.from([Buffer.from(key)]));
    await put('suite/prefix/p1/logo.webp');
    await put('suite/prefix/p1/files/one.pdf');
    await put('suite/prefix/p1/files/deep/two.pdf');
    await put('suite/prefix/p10/kept.webp'); // shares the text "p1", not the folder
    await put('suite/prefix/p2/kept.webp');
    expect(await d.store.list('suite/prefix/p1/')).toEqual([
      'suite/prefix/p1/files/deep/two.pdf',
      'suite/prefix/p1/files/one.pdf',
      'suite/prefix/p1/logo.webp',
    ]);
    expect(await d.store.deletePrefix('suite/prefix/p1/')).toBe(3);
    expect(await d.store.list('suite/prefix/')).toEqual([
      'suite/prefix/p10/kept.webp',
      'suite/prefix/p2/kept.webp',
    ]);
    expect(await d.store.stat('suite/prefix/p1/logo.webp')).toBeNull();
  });

  it('leaves nothing behind when the upload stream fails half-way', async () => {
    const source = randomSource(8 * MiB, { failAfter: 3 * MiB });
    await expect(d.store.put('suite/failed/upload.pdf', source.stream)).rejects.toThrow('client went away');
    expect(await d.store.stat('suite/failed/upload.pdf')).toBeNull();
    expect(await d.store.list('suite/failed/')).toEqual([]);
    expect(d.leftovers()).toEqual([]);
  });

  it('stops at maxBytes with payload_too_large and leaves nothing behind', async () => {
    const source = randomSource(3 * MiB);
    const err = await d.store.put('suite/limit/big.pdf', source.stream, { maxBytes: MiB }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('payload_too_large');
    expect(await d.store.stat('suite/limit/big.pdf')).toBeNull();
    expect(d.leftovers()).toEqual([]);

    const exact = await d.store.put('suite/limit/exact.pdf', randomSource(MiB).stream, { maxBytes: MiB });
    expect(exact.size).toBe(MiB);
  });

  it.each(['../outside.txt', '/etc/passwd', 'a//b', 'a/../../b', '.tmp/x', 'a/.hidden', 'a\\..\\b', ''])(
    'refuses the key %j for every operation',
    async (key) => {
      await expect(d.store.put(key, Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(
        StorageKeyError,
      );
      await expect(d.store.get(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(d.store.stat(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(d.store.delete(key)).rejects.toBeInstanceOf(StorageKeyError);
    },
  );

  it.each(['', 'providers', '../', '/', 'a//'])('refuses the prefix %j', async (prefix) => {
    await expect(d.store.deletePrefix(prefix)).rejects.toBeInstanceOf(StorageKeyError);
    await expect(d.store.list(prefix)).rejects.toBeInstanceOf(StorageKeyError);
  });
});

describe('file store, local driver on disk', () => {
  let d: DriverUnderTest;
  beforeAll(() => {
    d = localDriver();
  });
  afterAll(() => d.close());

  it('shows a file only once it is complete (temp file, then rename)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    async function* slow() {
      yield Buffer.from('first half, ');
      await gate;
      yield Buffer.from('second half');
    }
    const writing = d.store.put('atomic/doc.txt', Readable.from(slow()));
    await new Promise((r) => setTimeout(r, 50));
    expect(await d.store.stat('atomic/doc.txt')).toBeNull();
    expect(d.leftovers()).toHaveLength(1);
    release();
    await writing;
    expect((await d.store.stat('atomic/doc.txt'))?.size).toBe(23);
    expect(d.leftovers()).toEqual([]);
  });

  it('removes the folders a delete leaves empty', async () => {
    await d.store.put('tidy/a/b/c.txt', Readable.from([Buffer.from('x')]));
    await d.store.put('tidy/keep.txt', Readable.from([Buffer.from('x')]));
    await d.store.delete('tidy/a/b/c.txt');
    expect(await d.store.list('tidy/')).toEqual(['tidy/keep.txt']);
    expect(existsSync(join(d.root ?? '', 'tidy', 'a'))).toBe(false);
    expect(await d.store.deletePrefix('tidy/')).toBe(1);
    expect(readdirSync(d.root ?? '')).not.toContain('tidy');
  });
});
