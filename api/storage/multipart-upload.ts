import { IncomingMessage } from 'node:http';
import { finished, Readable } from 'node:stream';
import busboy from 'busboy';
import type { Context } from 'hono';
import { FILE_MAX_BYTES } from '../../shared/contracts/files';
import type { AppEnv } from '../http/context';
import { ApiError } from '../http/errors';
import { ByteMeter, type FileStore, isStorageUnavailable, type PutResult, tooLarge } from './store';

/** Spec: a file upload is at most 10 MB (images, PDFs and documents); the contract holds the figure. */
export { FILE_MAX_BYTES };
/** Room for the multipart framing (boundary, part headers) and a few short text fields around the file. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

/** What the client said about its file: untrusted (names and types are never used for keys or types). */
export interface UploadInfo {
  filename: string;
  declaredType: string;
  /** The form's short text fields (at most 20, each at most 8 KiB). */
  fields: Record<string, string>;
}

/**
 * Reads a `multipart/form-data` request as it streams in and hands the one file part named `field` to
 * `consume` as a stream, limited to `maxBytes` (413 `payload_too_large` on the byte past it, the
 * connection closed). Nothing else of the body is kept: other file parts (at most 4) are skipped as they
 * stream by, text fields (at most 20 of 8 KiB) are returned, and the whole body may be at most `maxBytes`
 * plus 64 KiB of form around the file.
 *
 * The upload counts only once the whole form has arrived: when the body breaks off or turns out malformed
 * after `consume` finished, `discard` undoes what it did. Errors: 415 for another content type, 422
 * (`fields: [{ path: field }]`) when the file part is missing, 400 for a malformed form; an error of
 * `consume` itself is passed on as it is.
 *
 * @example const { result } = await receiveMultipartFile(c, { field: 'logo', maxBytes, consume: readAll })
 */
export async function receiveMultipartFile<T>(
  c: Context<AppEnv>,
  opts: {
    field: string;
    maxBytes: number;
    consume: (file: Readable) => Promise<T>;
    discard?: (result: T) => Promise<void>;
  },
): Promise<{ result: T } & UploadInfo> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) throw new ApiError('unsupported_media_type');
  const bodyLimit = opts.maxBytes + FORM_OVERHEAD_BYTES;
  const declared = Number(c.req.header('content-length'));
  if (declared > bodyLimit) throw tooLarge();
  const missing = () =>
    new ApiError('validation_failed', { fields: [{ path: opts.field, key: 'validation.required' }] });
  const source = requestBody(c);
  if (!source) throw missing();

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': type },
      // Browsers send a file name's UTF-8 bytes as they are (not RFC 2231-encoded); busboy's default reads
      // them as Latin-1.
      defParamCharset: 'utf8',
      // fileSize: busboy emits 'limit' on a file part when it reaches this size, so one byte past the file
      // limit fails the part (below) and a file of exactly `maxBytes` passes.
      limits: {
        files: 5,
        fields: 20,
        fieldSize: 8 * 1024,
        parts: 25,
        headerPairs: 20,
        fileSize: opts.maxBytes + 1,
      },
    });
  } catch (cause) {
    throw new ApiError('bad_request', { cause }); // no boundary, or one busboy cannot use
  }
  const fields: Record<string, string> = {};
  let file: { info: busboy.FileInfo; consuming: Promise<T> } | undefined;
  // Which side failed first decides the answer: the form (client's fault: 400/413, whatever the consumer
  // then saw on its stream) or the consumer on its own (its error, e.g. storage down: 503 `storage_unavailable`). The parser's
  // 'error' comes a tick after the form breaks, before the consumer can see it; a consumer failing on its
  // own stops the form only afterwards.
  let first: { by: 'form' | 'consumer'; error: unknown } | undefined;
  // Every error of the parser is recorded here (only the first counts); one after the form was given up
  // (busboy's "Unexpected end of form" as the unpiped request ends) has nothing left to fail.
  parser.on('error', (error) => {
    first ??= { by: 'form', error };
  });
  // Node's HTTP parser reads no byte past a declared length (checked above), and a body that ends short
  // of it is a broken one: only a chunked body, or a web body (tests), needs counting here.
  const exact = source instanceof IncomingMessage && Number.isSafeInteger(declared) && declared >= 0;
  const form = readForm(source, parser, exact ? undefined : new ByteMeter(bodyLimit, { hash: false }));

  parser.on('field', (name, value, meta) => {
    if (meta.valueTruncated || meta.nameTruncated) parser.destroy(tooLarge());
    else fields[name] = value;
  });
  for (const limit of ['partsLimit', 'fieldsLimit', 'filesLimit'] as const)
    parser.on(limit, () => parser.destroy(tooLarge()));
  parser.on('file', (name, stream, info) => {
    if (name !== opts.field || file) {
      stream.resume(); // another part, skipped as it streams by
      return;
    }
    // An error on either side ends both: a broken form fails the consumer's stream (busboy destroys the
    // part with the form's error), and a file over the limit fails the consumer, which stops the form.
    stream.once('limit', () => stream.destroy(tooLarge()));
    // The consumer sees the part's errors on its own listeners; one after it gave up (the form's end
    // failing the part it no longer reads) has nobody left to tell.
    stream.on('error', () => {});
    const consuming = opts.consume(stream);
    consuming.catch((error) => {
      first ??= { by: 'consumer', error };
      form.stop(error);
    });
    file = { info, consuming };
  });

  let formError: { error: unknown } | undefined;
  try {
    await form.done;
  } catch (error) {
    formError = { error };
  }
  const settled = file
    ? await file.consuming.then(
        (result) => ({ result }),
        () => undefined,
      )
    : undefined;
  if (first?.by === 'consumer') throw first.error;
  if (formError) {
    if (settled && opts.discard) await opts.discard(settled.result);
    const error = first?.error ?? formError.error;
    throw error instanceof ApiError ? error : new ApiError('bad_request', { cause: error });
  }
  if (!file || !settled) throw missing();
  return {
    result: settled.result,
    filename: file.info.filename ?? '',
    declaredType: file.info.mimeType ?? '',
    fields,
  };
}

/**
 * Pipes the body into the parser (through `meter` when given) until the whole form is read. On a failure
 * (of the body, the meter, the parser, or `stop`) the parser is destroyed with the error, which fails the
 * file part's stream too; the request itself is only unpiped, not destroyed: destroying an
 * `IncomingMessage` before its end resets the connection, and the answer (413, 400) would never arrive.
 * @hono/node-server drains or closes what is left after the response (errors say `Connection: close`).
 */
function readForm(source: Readable, parser: busboy.Busboy, meter?: ByteMeter) {
  let fail: (error: unknown) => void = () => {};
  const done = new Promise<void>((resolve, reject) => {
    let settled = false;
    const cleanups: (() => void)[] = [];
    fail = (error) => {
      if (settled) return;
      settled = true;
      for (const cleanup of cleanups) cleanup();
      source.unpipe();
      meter?.unpipe();
      meter?.destroy();
      parser.destroy(error as Error);
      if (!(source instanceof IncomingMessage)) source.destroy();
      reject(error);
    };
    cleanups.push(
      finished(source, (error) => error && fail(error)),
      finished(parser, (error) => {
        if (error) fail(error);
        else if (!settled) {
          settled = true;
          for (const cleanup of cleanups) cleanup();
          resolve();
        }
      }),
    );
    if (meter) {
      cleanups.push(finished(meter, (error) => error && fail(error)));
      source.pipe(meter).pipe(parser);
    } else source.pipe(parser);
  });
  return { done, stop: (error: unknown) => fail(error) };
}

/**
 * The request body as a Node stream: @hono/node-server's `IncomingMessage` itself when it serves the
 * request (no web-stream round trip: `c.req.raw.body` would wrap it in a web stream that this would then
 * unwrap again, which cost about a third of an upload's CPU time), else (`app.request` in tests) the web
 * body. Nothing before the upload handler may touch `c.req.raw.body` (`bodyLimits` does not for upload
 * routes); once anything has read the incoming stream, the web body is the only way to it.
 */
function requestBody(c: Context<AppEnv>): Readable | null {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (incoming instanceof IncomingMessage && !incoming.readableDidRead) return incoming;
  const raw = c.req.raw.body;
  return raw ? Readable.fromWeb(raw as import('node:stream/web').ReadableStream<Uint8Array>) : null;
}

/**
 * Streams the file part `field` of a multipart request straight into the store under `key` (built by the
 * caller from ids, never from the file's name), with its size and SHA-256 measured on the way. Over
 * `maxBytes` (default: the spec's 10 MB) it answers 413 and nothing is stored; a body that breaks off
 * after the file removes the stored file again. `headBytes`: the file's first bytes come back as `head`.
 * @example const upload = await uploadToStore(c, deps.store, { field: 'file', key: projectFileKey(…) })
 */
export async function uploadToStore(
  c: Context<AppEnv>,
  store: FileStore,
  opts: { field: string; key: string; maxBytes?: number; headBytes?: number },
): Promise<{ key: string } & PutResult & UploadInfo> {
  const maxBytes = opts.maxBytes ?? FILE_MAX_BYTES;
  const { result, ...info } = await receiveMultipartFile(c, {
    field: opts.field,
    maxBytes,
    consume: (file) =>
      store.put(opts.key, file, { maxBytes, headBytes: opts.headBytes }).catch(async (err) => {
        if (isStorageUnavailable(err)) await queueStoredKeyDeletion(c, opts.key);
        throw err;
      }),
    discard: () => store.delete(opts.key),
  });
  return { key: opts.key, ...result, ...info };
}

/**
 * After the store failed under an upload (503 `storage_unavailable`): its object may have landed although
 * no answer came back, and no row will point at it. A `delete_stored_keys` job in the request's
 * transaction (committed with the 503) removes it once the store answers again.
 */
export async function queueStoredKeyDeletion(c: Context<AppEnv>, key: string): Promise<void> {
  const { jobs, sql } = c.get('deps');
  await jobs
    .enqueue(sql, 'delete_stored_keys', { keys: [key] })
    .catch((err) =>
      c.get('log').error({ err, key }, 'a failed upload may be left in storage: its clean-up was not queued'),
    );
}

/** Reads a (limited) stream into one buffer: for files that must be whole to be used, as a logo for sharp. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
