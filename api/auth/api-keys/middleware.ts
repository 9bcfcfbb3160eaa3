import type { ServerResponse } from 'node:http';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import type { Context, MiddlewareHandler } from 'hono';
import { scopesAllow } from '../../../shared/contracts/api-keys';
import type { AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import { clientIp } from '../../http/rate-limit';
import { requestHeader } from '../../http/request-context';
import { requireProvider } from '../middleware';
import { billingOf, planStateOf, requestAllowedByPlan } from '../plan-gate';
import { hashToken } from '../token';
import type { KeyAccess } from './access';
import { looksLikeApiKey } from './secret';

/** The rate limit's window: a key may make `API_KEY_RATE_LIMIT` requests per this many seconds. */
export const API_KEY_WINDOW_SECONDS = 60;
/** Counter rows per key and window (`api_key_rate_windows.shard`): concurrent requests spread their locks. */
const RATE_SHARDS = 16;
/** `last_used_at`/`last_used_ip` are written at most this often per key (not a write per request). */
export const LAST_USED_EVERY_MS = 60_000;

interface KeyRow {
  id: string;
  provider_id: string;
  secret_hash: Uint8Array;
  scopes: string[];
  last_used_at: Date | null;
  plan: string;
  trial_ends_at: Date;
  hits: number;
}

/** The bearer credential of the request, or undefined without an `Authorization: Bearer …` header. */
export function bearerOf(c: Context<AppEnv>): string | undefined {
  const header = requestHeader(c, 'authorization');
  if (!header || header.length < 7 || header.slice(0, 7).toLowerCase() !== 'bearer ') return undefined;
  return header.slice(7).trim();
}

/** Sets a response header the cheap way on the Node server (as `requestContext` does). */
function setHeader(c: Context<AppEnv>, name: string, value: string) {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (outgoing) outgoing.setHeader(name, value);
  else c.header(name, value);
}

/**
 * The one answer to a key that is malformed, unknown, revoked or expired, with the RFC 6750 challenge
 * (the same for all four: nothing tells which).
 */
function invalidKey(): ApiError {
  return new ApiError('api_key_invalid', {
    headers: { 'WWW-Authenticate': 'Bearer realm="api", error="invalid_token"' },
  });
}

/**
 * Authenticates the request by its API key for an operation that needs `access`, in ONE statement: the
 * key is found by the sha256 of the secret (a unique index; only live keys: not revoked, not expired) and
 * its hit in the current fixed window is counted (`api_key_rate_windows`: an upsert of one of the key's
 * shard rows plus the other shards' sum, shared by every instance; a count that races another request's
 * increment on another shard may miss it, so the limit holds to within the requests in flight). Then: the hash compared in constant time, the rate limit (429 + `Retry-After`), the scope
 * (403 `insufficient_scope`), the plan (402 after the trial for writes, as `requireProvider`). A malformed,
 * unknown, revoked or expired key all answer the same 401 `api_key_invalid`. No cache: revoking takes
 * effect on the next request.
 */
export async function authenticateApiKey(
  c: Context<AppEnv>,
  secret: string,
  access: NonNullable<KeyAccess>,
): Promise<void> {
  if (!looksLikeApiKey(secret)) throw invalidKey();
  const deps = c.get('deps');
  const now = deps.now();
  const hash = hashToken(secret);
  const windowMs = API_KEY_WINDOW_SECONDS * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const shard = Math.floor(Math.random() * RATE_SHARDS);
  const [row] = await deps.sql<KeyRow[]>`
    WITH k AS (
      SELECT k.id, k.provider_id, k.secret_hash, k.scopes, k.last_used_at, u.plan, u.trial_ends_at
      FROM api_keys k JOIN users u ON u.id = k.provider_id
      WHERE k.secret_hash = ${hash} AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > ${now})
    ), hit AS (
      INSERT INTO api_key_rate_windows (key_id, window_start, shard, count)
      SELECT id, ${windowStart}, ${shard}, 1 FROM k
      ON CONFLICT (key_id, window_start, shard) DO UPDATE SET count = api_key_rate_windows.count + 1
      RETURNING count
    ), others AS (
      SELECT coalesce(sum(w.count), 0)::int AS n FROM api_key_rate_windows w JOIN k ON w.key_id = k.id
      WHERE w.window_start = ${windowStart} AND w.shard <> ${shard}
    )
    SELECT k.*, (SELECT count FROM hit) + (SELECT n FROM others) AS hits FROM k`;
  if (!row || !constantTimeEqual(new Uint8Array(row.secret_hash), new Uint8Array(hash))) {
    throw invalidKey();
  }
  const limit = deps.config.API_KEY_RATE_LIMIT;
  const reset = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  const remaining = Math.max(0, limit - row.hits);
  // draft-ietf-httpapi-ratelimit-headers: the policy (quota q per window w seconds) and the state
  // (r remaining, t seconds until the window resets).
  setHeader(c, 'RateLimit-Policy', `"default";q=${limit};w=${API_KEY_WINDOW_SECONDS}`);
  setHeader(c, 'RateLimit', `"default";r=${remaining};t=${reset}`);
  if (row.hits > limit) {
    throw new ApiError('rate_limited', {
      headers: { 'Retry-After': String(reset) },
      vars: { seconds: reset },
    });
  }
  if (!scopesAllow(row.scopes, access.family, access.write)) {
    const scope = `${access.family}:${access.write ? 'write' : 'read'}`;
    throw new ApiError('insufficient_scope', {
      vars: { scope },
      headers: { 'WWW-Authenticate': `Bearer realm="api", error="insufficient_scope", scope="${scope}"` },
    });
  }
  if (
    !requestAllowedByPlan(c, planStateOf(row.plan, new Date(row.trial_ends_at), now, billingOf(deps.config)))
  ) {
    throw new ApiError('plan_required');
  }
  // Last use: an accepted request, written at most once a minute per key (not a write per request).
  const last = row.last_used_at ? new Date(row.last_used_at).getTime() : 0;
  if (now.getTime() - last >= LAST_USED_EVERY_MS) {
    await deps.sql`UPDATE api_keys SET last_used_at = ${now}, last_used_ip = ${clientIp(c)} WHERE id = ${row.id}`;
  }
  c.set('provider', { userId: row.provider_id, sessionId: '', sessionExpiresAt: now, keyId: row.id });
}

/**
 * The middleware of a provider operation that keys may call: with `Authorization: Bearer …` the request is
 * the key's and nothing else (a cookie sent with it is not read: one credential decides, and a bad key is
 * 401 even beside a good cookie); without, the session cookie as `requireProvider`. A key is never read
 * from the query string or a cookie.
 */
export function requireProviderOrKey(access: NonNullable<KeyAccess>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const secret = bearerOf(c);
    if (secret === undefined) return requireProvider(c, next);
    await authenticateApiKey(c, secret, access);
    await next();
  };
}
