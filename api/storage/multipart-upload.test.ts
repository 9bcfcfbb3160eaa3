import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../http/context';
import { onError } from '../http/errors';
import {
  FILE_MAX_BYTES,
  FORM_OVERHEAD_BYTES,
  readAll,
  receiveMultipartFile,
  uploadToStore,
} from './multipart-upload';
import { createS3Store } from './s3-store';
import type { FileStore } from './store';
import { type DriverUnderTest, localDriver, s3Driver } from './testing';

const BOUNDARY = 'x-test-boundary-7MA4YWxkTrZu0gW';
const MiB = 1024 * 1024;

/** An app with one upload route, as a feature would mount the helper. */
function uploadApp(store: FileStore) {
  const app = new Hono<AppEnv>();
  app.onError(onError);
  app.put('/upload/:name', async (c) => {
    const upload = await uploadToStore(c, store, {
      field: 'file',
      key: `uploads/${c.req.param('name')}.pdf`,
    });
    return c.json(upload, 200);
  });
  app.put('/logo', async (c) => {
    const { result } = await receiveMultipartFile(c, { field: 'logo', maxBytes: 1000, consume: readAll });
    return c.json({ bytes: result.length }, 200);
  });
  return app;
}

interface Part {
  name: string;
  filename?: string;
  /** Bytes, or a size of random bytes generated as the body streams. */
  content: Uint8Array | number;
}

/**
 * A multipart body streamed in 64 KiB chunks (never one buffer), with the SHA-256 of each file's bytes.
 * `cut` ends the body after that many bytes of it (a client that went away).
 */
function multipart(parts: Part[], opts: { cut?: number; close?: boolean } = {}) {
  const hashes: string[] = [];
  let length = 0;
  const head = (p: Part) =>
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n${p.filename ? 'Content-Type: application/pdf\r\n' : ''}\r\n`,
    );
  for (const p of parts)
    length += head(p).length + (typeof p.content === 'number' ? p.content : p.content.length) + 2;
  length += opts.close === false ? 0 : BOUNDARY.length + 6;
  async function* chunks() {
    let sent = 0;
    const emit = function* (chunk: Uint8Array) {
      const room = opts.cut === undefined ? chunk.length : Math.max(0, opts.cut - sent);
      if (room > 0) yield chunk.subarray(0, room);
      sent += chunk.length;
    };
    for (const p of parts) {
      yield* emit(head(p));
      const hash = createHash('sha256');
      if (typeof p.content === 'number') {
        for (let left = p.content; left > 0; ) {
          const chunk = randomBytes(Math.min(64 * 1024, left));
          hash.update(chunk);
          left -= chunk.length;
          yield* emit(chunk);
        }
      } else {
        hash.update(p.content);
        yield* emit(p.content);
      }
      hashes.push(hash.digest('hex'));
      yield* emit(Buffer.from('\r\n'));
    }
    if (opts.close !== false) yield* emit(Buffer.from(`--${BOUNDARY}--\r\n`));
    if (opts.cut !== undefined) throw new Error('client went away');
  }
  const iterator = chunks();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (err) {
        controller.error(err);
      }
    },
  });
  return { body, length, hashes };
}

function send(
  app: ReturnType<typeof uploadApp>,
  path: string,
  form: ReturnType<typeof multipart>,
  headers = {},
) {
  return app.request(path, {
    method: 'PUT',
    headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    body: form.body,
    duplex: 'half',
  } as RequestInit);
}

describe.each([
  ['local', async () => localDriver()],
  ['s3', s3Driver],
])('multipart upload into the store, %s driver', (_name, make) => {
  let d: DriverUnderTest;
  let app: ReturnType<typeof uploadApp>;
  beforeAll(async () => {
    d = await make();
    app = uploadApp(d.store);
  });
  afterAll(() => d.close());

  it('streams a 10 MB file into the store with its SHA-256, keeping the text fields', async () => {
    const form = multipart([
      { name: 'note', content: Buffer.from('first draft') },
      { name: 'file', filename: '../../etc/passwd.pdf', content: FILE_MAX_BYTES },
    ]);
    const res = await send(app, '/upload/ten', form);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      key: 'uploads/ten.pdf',
      size: FILE_MAX_BYTES,
      sha256: form.hashes[1],
      filename: 'passwd.pdf',
      declaredType: 'application/pdf',
      fields: { note: 'first draft' },
    });
    expect((await d.store.stat('uploads/ten.pdf'))?.size).toBe(FILE_MAX_BYTES);
    expect(d.leftovers()).toEqual([]);
  });

  it('answers 413 payload_too_large one byte over 10 MB and stores nothing', async () => {
    const res = await send(
      app,
      '/upload/over',
      multipart([{ name: 'file', filename: 'a.pdf', content: FILE_MAX_BYTES + 1 }]),
    );
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('payload_too_large');
    expect(res.headers.get('Connection')).toBe('close');
    expect(await d.store.stat('uploads/over.pdf')).toBeNull();
    expect(d.leftovers()).toEqual([]);
  });

  it('answers 413 from the declared length alone, before reading the body', async () => {
    const form = multipart([{ name: 'file', filename: 'a.pdf', content: 10 }]);
    const res = await send(app, '/upload/declared', form, {
      'Content-Length': String(FILE_MAX_BYTES + FORM_OVERHEAD_BYTES + 1),
    });
    expect(res.status).toBe(413);
    expect(await d.store.stat('uploads/declared.pdf')).toBeNull();
  });

  it('stores nothing when the body breaks off in the middle of the file', async () => {
    const res = await send(
      app,
      '/upload/cut',
      multipart([{ name: 'file', filename: 'a.pdf', content: 6 * MiB }], { cut: 3 * MiB }),
    );
    expect(res.status).toBe(400);
    expect(await d.store.stat('uploads/cut.pdf')).toBeNull();
    expect(d.leftovers()).toEqual([]);
  });

  it('removes the stored file when the form breaks off after it (no closing boundary)', async () => {
    const form = multipart(
      [
        { name: 'file', filename: 'a.pdf', content: 2000 },
        { name: 'later', content: Buffer.from('x') },
      ],
      {
        close: false,
      },
    );
    const res = await send(app, '/upload/unfinished', form);
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('bad_request');
    expect(await d.store.stat('uploads/unfinished.pdf')).toBeNull();
  });
});

/**
 * The same helper behind @hono/node-server, as production serves it: the body is read from the Node
 * request itself (`Content-Length` declared: no counting layer; chunked: counted), and a refusal must
 * reach the client as an answer, not a reset connection.
 */
describe('multipart upload through a real node:http server (local driver)', () => {
  let d: DriverUnderTest;
  let server: ServerType;
  let base: string;
  beforeAll(async () => {
    d = localDriver();
    const app = uploadApp(d.store);
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await d.close();
  });

  const post = (path: string, body: BodyInit) =>
    fetch(`${base}${path}`, {
      method: 'PUT',
      headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
      body,
      duplex: 'half',
    } as RequestInit);
  /** The whole body in one buffer, so fetch declares its length. */
  const whole = async (form: ReturnType<typeof multipart>) =>
    new Uint8Array(await new Response(form.body).arrayBuffer());

  it('stores a 10 MB file with a declared length and one sent chunked, with their SHA-256', async () => {
    const declared = multipart([{ name: 'file', filename: 'a.pdf', content: FILE_MAX_BYTES }]);
    const res = await post('/upload/declared', await whole(declared));
    expect(res.status).toBe(200);
    expect((await res.json()).sha256).toBe(declared.hashes[0]);
    const chunked = multipart([{ name: 'file', filename: 'a.pdf', content: FILE_MAX_BYTES }]);
    const res2 = await post('/upload/chunked', chunked.body);
    expect(res2.status).toBe(200);
    expect((await res2.json()).sha256).toBe(chunked.hashes[0]);
    expect((await d.store.stat('uploads/chunked.pdf'))?.size).toBe(FILE_MAX_BYTES);
    expect(d.leftovers()).toEqual([]);
  });

  it('answers 413 one byte over 10 MB (declared or chunked) and stores nothing', async () => {
    const over = () => multipart([{ name: 'file', filename: 'a.pdf', content: FILE_MAX_BYTES + 1 }]);
    for (const [key, body] of [
      ['over-declared', await whole(over())],
      ['over-chunked', over().body],
    ] as const) {
      const res = await post(`/upload/${key}`, body);
      expect(res.status).toBe(413);
      expect((await res.json()).error.code).toBe('payload_too_large');
      expect(await d.store.stat(`uploads/${key}.pdf`)).toBeNull();
    }
    expect(d.leftovers()).toEqual([]);
  });

  it('answers 413 past a small limit, and 400 for a form without its closing boundary', async () => {
    const over = await post(
      '/logo',
      await whole(multipart([{ name: 'logo', filename: 'l.png', content: 1001 }])),
    );
    expect(over.status).toBe(413);
    const form = multipart([{ name: 'file', filename: 'a.pdf', content: 2000 }], { close: false });
    const res = await post('/upload/unfinished', await whole(form));
    expect(res.status).toBe(400);
    expect(await d.store.stat('uploads/unfinished.pdf')).toBeNull();
  });

  it('stores nothing when the client goes away in the middle of the file', async () => {
    const form = multipart([{ name: 'file', filename: 'a.pdf', content: 6 * MiB }], { cut: 3 * MiB });
    await expect(post('/upload/gone', form.body)).rejects.toThrow();
    await expect
      .poll(async () => ({ stored: await d.store.stat('uploads/gone.pdf'), left: d.leftovers() }))
      .toEqual({ stored: null, left: [] });
  });
});

describe('multipart upload: the form itself', () => {
  let d: DriverUnderTest;
  let app: ReturnType<typeof uploadApp>;
  beforeAll(() => {
    d = localDriver();
    app = uploadApp(d.store);
  });
  afterAll(() => d.close());

  it('answers 422 naming the field when the file part is missing', async () => {
    const res = await send(
      app,
      '/upload/none',
      multipart([{ name: 'other', filename: 'a.pdf', content: 10 }]),
    );
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields).toEqual([
      { path: 'file', key: 'validation.required', message: 'This field is required' },
    ]);
  });

  it('answers 415 for a body that is not multipart/form-data', async () => {
    const res = await app.request('/upload/json', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(415);
  });

  it('answers 400 for a multipart type without a boundary', async () => {
    const res = await app.request('/upload/x', {
      method: 'PUT',
      headers: { 'Content-Type': 'multipart/form-data; charset=utf-8' },
      body: 'x',
    });
    expect(res.status).toBe(400);
  });

  it('answers 413 for too many fields or a field over 8 KiB', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, content: Buffer.from('x') }));
    expect((await send(app, '/upload/many', multipart(many))).status).toBe(413);
    const long = multipart([
      { name: 'note', content: Buffer.alloc(9000, 97) },
      { name: 'file', filename: 'a.pdf', content: 10 },
    ]);
    expect((await send(app, '/upload/long', long)).status).toBe(413);
    expect(await d.store.stat('uploads/long.pdf')).toBeNull();
  });

  it('skips other file parts as they stream by and stores only the named one', async () => {
    const form = multipart([
      { name: 'other', filename: 'skip.pdf', content: 50_000 },
      { name: 'file', filename: 'keep.pdf', content: 1000 },
    ]);
    const res = await send(app, '/upload/second', form);
    expect(res.status).toBe(200);
    expect((await res.json()).sha256).toBe(form.hashes[1]);
    expect(await d.store.list('uploads/')).toContain('uploads/second.pdf');
  });

  it('reads a small file into memory only up to its limit (the logo path)', async () => {
    const ok = await send(app, '/logo', multipart([{ name: 'logo', filename: 'l.png', content: 1000 }]));
    expect(await ok.json()).toEqual({ bytes: 1000 });
    const over = await send(app, '/logo', multipart([{ name: 'logo', filename: 'l.png', content: 1001 }]));
    expect(over.status).toBe(413);
  });
});

describe('multipart upload: a store that fails', () => {
  it('answers 500 (the store’s error, not the client’s) and leaves no spool file', async () => {
    const spool = localDriver();
    // A bucket endpoint where nothing listens: every request fails after the SDK's and our retries.
    const store = createS3Store({
      bucket: 'nowhere',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9',
      forcePathStyle: true,
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
      spoolDir: `${spool.root}-spool`,
    });
    try {
      const res = await send(
        uploadApp(store),
        '/upload/down',
        multipart([{ name: 'file', filename: 'a.pdf', content: 1000 }]),
      );
      expect(res.status).toBe(500);
      expect((await res.json()).error.code).toBe('internal_error');
    } finally {
      store.close();
      await spool.close();
    }
  });
});
