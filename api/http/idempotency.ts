import { createHash } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { FILE_MAX_BYTES } from '../../shared/contracts/files';
import { ownedBy, providerScope } from '../auth/scope';
import { FORM_OVERHEAD_BYTES } from '../storage/multipart-upload';
import type { AppEnv } from './context';
import { ApiError } from './errors';
import { requestHeader } from './request-context';

/** How long an `Idempotency-Key` is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A first request still marked running after this long died with its instance: its key may start again. */
export const IDEMPOTENCY_ABANDONED_MS = 5 * 60 * 1000;
/** Printable ASCII, 1–255 characters (a UUID is the usual choice). */
const KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * The most of a multipart body read into memory for its fingerprint: the file uploads (the only creating
 * POSTs that take one) plus the form around them, what `bodyLimits` allows them.
 */
const MULTIPART_MAX_BYTES = FILE_MAX_BYTES + FORM_OVERHEAD_BYTES;

/**
 * The request's body as bytes, for its fingerprint. A JSON body through Hono (cached for the validator). A
 * multipart upload, which its handler streams from the Node request, is read here up to its limit (413
 * past it) and handed on as the body of the request the handler reads (`c.req.raw`): with an
 * `Idempotency-Key`, an upload is held in memory once.
 */
async function requestBytes(c: Context<AppEnv>): Promise<Buffer> {
  if (!/^multipart\//i.test(c.req.header('content-type') ?? '')) return Buffer.from(await c.req.text());
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  const source: AsyncIterable<Uint8Array> | null =
    incoming instanceof IncomingMessage && !incoming.readableDidRead
      ? incoming
      : (c.req.raw.body as AsyncIterable<Uint8Array> | null);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of source ?? []) {
    size += chunk.byteLength;
    if (size > MULTIPART_MAX_BYTES) {
      throw new ApiError('payload_too_large', { headers: { Connection: 'close' } });
    }
    chunks.push(chunk);
  }
  const bytes = Buffer.concat(chunks);
  c.req.raw = new Request(c.req.raw.url, {
    method: c.req.method,
    headers: c.req.raw.headers,
    body: bytes,
    duplex: 'half',
  } as RequestInit);
  return withoutBoundary(bytes, c.req.header('content-type') ?? '');
}

/**
 * The form's bytes with its boundary (random per request in most clients) replaced by a fixed one: a retry
 * of the same form under a new boundary is the same request.
 */
function withoutBoundary(bytes: Buffer, contentType: string): Buffer {
  const boundary = contentType.match(/boundary=(?:"([^"]+)"|([^;\s]+))/i);
  const value = boundary?.[1] ?? boundary?.[2];
  if (!value) return bytes;
  const needle = Buffer.from(value);
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, from)) {
    parts.push(bytes.subarray(from, at), BOUNDARY);
    from = at + needle.length;
  }
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}

const BOUNDARY = Buffer.from('boundary');

interface StoredRow {
  request_hash: Uint8Array;
  response_status: number | null;
  response_body: string | null;
}

/**
 * `Idempotency-Key` on a creating POST (an operation that answers 201), for every provider caller (key or
 * cookie). The key is claimed per provider with one `INSERT … ON CONFLICT DO NOTHING` BEFORE the handler
 * runs (an in-progress marker), so of concurrent requests with one key exactly one runs:
 *   - the first runs; a 2xx answer (status and body) is stored for 24 h, anything else releases the key
 *     (nothing was created; the caller may retry with the same key);
 *   - a repeat with the same method, path and body replays the stored answer (`Idempotent-Replayed: true`);
 *   - a repeat with anything else answers 422 `idempotency_key_reused`;
 *   - a repeat while the first still runs answers 409 `idempotency_key_in_progress` (`Retry-After: 1`).
 * Runs after the authentication middleware (the provider is known) and before the body's validation.
 */
export const idempotency: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = requestHeader(c, 'idempotency-key');
  if (key === undefined) return next();
  if (!KEY.test(key)) {
    throw new ApiError('validation_failed', {
      fields: [{ path: 'Idempotency-Key', key: 'validation.invalid' }],
    });
  }
  const { sql, now: clock } = c.get('deps');
  const scope = providerScope(c);
  const now = clock();
  const requestHash = createHash('sha256')
    .update(`${c.req.method} ${c.req.path}\n`)
    .update(await requestBytes(c))
    .digest();
  const [claimed] = await sql`
    INSERT INTO idempotency_keys (provider_id, key, request_hash, created_at, expires_at)
    VALUES (${scope.providerId}, ${key}, ${requestHash}, ${now}, ${new Date(now.getTime() + IDEMPOTENCY_TTL_MS)})
    ON CONFLICT (provider_id, key) DO UPDATE SET
      request_hash = EXCLUDED.request_hash, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at,
      response_status = NULL, response_body = NULL
    WHERE idempotency_keys.expires_at <= ${now}
       OR (idempotency_keys.response_status IS NULL
           AND idempotency_keys.created_at <= ${new Date(now.getTime() - IDEMPOTENCY_ABANDONED_MS)})
    RETURNING 1 AS claimed`;
  if (!claimed) {
    const [stored] = await sql<StoredRow[]>`
      SELECT request_hash, response_status, response_body FROM idempotency_keys
      WHERE ${ownedBy(sql, scope, 'provider_id')} AND key = ${key}`;
    if (stored && !Buffer.from(stored.request_hash).equals(requestHash)) {
      throw new ApiError('idempotency_key_reused');
    }
    if (!stored || stored.response_status === null || stored.response_body === null) {
      throw new ApiError('idempotency_key_in_progress', { headers: { 'Retry-After': '1' } });
    }
    return c.body(stored.response_body, stored.response_status as 201, {
      'Content-Type': 'application/json',
      'Idempotent-Replayed': 'true',
    });
  }
  let stored = false;
  try {
    await next();
    const res = c.res;
    if (res.status >= 200 && res.status < 300) {
      await sql`
        UPDATE idempotency_keys SET response_status = ${res.status}, response_body = ${await res.clone().text()}
        WHERE ${ownedBy(sql, scope, 'provider_id')} AND key = ${key}`;
      stored = true;
    }
  } finally {
    if (!stored)
      await sql`DELETE FROM idempotency_keys WHERE ${ownedBy(sql, scope, 'provider_id')} AND key = ${key}`;
  }
};
