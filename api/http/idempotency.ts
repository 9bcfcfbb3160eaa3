import type { MiddlewareHandler } from 'hono';
import { ownedBy, providerScope } from '../auth/scope';
import { hashToken } from '../auth/token';
import type { AppEnv } from './context';
import { ApiError } from './errors';
import { requestHeader } from './request-context';

/** How long an `Idempotency-Key` is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A first request still marked running after this long died with its instance: its key may start again. */
export const IDEMPOTENCY_ABANDONED_MS = 5 * 60 * 1000;
/** Printable ASCII, 1–255 characters (a UUID is the usual choice). */
const KEY = /^[\x21-\x7e]{1,255}$/;

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
  const body = await c.req.text();
  const requestHash = hashToken(`${c.req.method} ${c.req.path}\n${body}`);
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
