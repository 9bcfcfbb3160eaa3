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

/**
 * Hits one counter write reserves for a key: 1 % of its limit, 1 to 100 (1 below a limit of 200, so small
 * limits are counted request by request). The instance hands the reserved hits out to the key's next
 * requests, which then only read the key (as a session request reads its session): one write per `n`
 * requests instead of one per request, and every hit is still counted in PostgreSQL before it is served.
 */
export function hitsPerReservation(limit: number): number {
  return Math.min(100, Math.max(1, Math.floor(limit / 100)));
}

/**
 * The hits this instance reserved and not yet handed out, per key (by the secret's hash) and window:
 * numbered ranges of the window's shared count, so a request served from them has its exact place in the
 * count (the `RateLimit` header's remaining). One map per app (`deps`).
 */
type Reserved = { windowStart: number; ranges: [next: number, last: number][] };
const reservedByApp = new WeakMap<object, Map<string, Reserved>>();

function reservedOf(deps: object): Map<string, Reserved> {
  let map = reservedByApp.get(deps);
  if (!map) {
    map = new Map();
    reservedByApp.set(deps, map);
  }
  return map;
}

/** Takes the next reserved hit of the key in this window, if any. */
function takeReserved(map: Map<string, Reserved>, id: string, windowStart: number): number | undefined {
  const entry = map.get(id);
  if (!entry) return undefined;
  if (entry.windowStart !== windowStart) {
    map.delete(id);
    return undefined;
  }
  const range = entry.ranges[0];
  if (!range) return undefined;
  const hit = range[0];
  if (range[0] === range[1]) entry.ranges.shift();
  else range[0] += 1;
  return hit;
}

function keepReserved(
  map: Map<string, Reserved>,
  id: string,
  windowStart: number,
  next: number,
  last: number,
) {
  if (next > last) return;
  let entry = map.get(id);
  if (!entry || entry.windowStart !== windowStart) {
    // Keys of ended windows go first: the map holds at most the keys used in the current window.
    if (!entry && map.size >= 10_000) {
      for (const [k, v] of map) if (v.windowStart !== windowStart) map.delete(k);
    }
    entry = { windowStart, ranges: [] };
    map.set(id, entry);
  }
  entry.ranges.push([next, last]);
}

/** Last-use writes this instance made, per key id (at most one per LAST_USED_EVERY_MS, none in parallel). */
const lastUsedByApp = new WeakMap<object, Map<string, number>>();

interface KeyRow {
  id: string;
  provider_id: string;
  secret_hash: Uint8Array;
  scopes: string[];
  last_used_at: Date | null;
  plan: string;
  trial_ends_at: Date;
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
 * its hits in the current fixed window are counted (`api_key_rate_windows`: an upsert of one of the key's
 * shard rows plus the other shards' sum, shared by every instance; a count that races another request's
 * increment on another shard may miss it, so the limit holds to within the requests in flight). The
 * statement counts `hitsPerReservation(limit)` hits at once (1 below a limit of 200, at most 100) and the
 * instance serves the key's next requests of the window from them with a read of the key alone: every hit
 * is counted before it is served, so no instance lets more than the limit through; an instance's unused
 * reservation (at most 1 % of the limit) can make another instance refuse that much early.
 * Then: the hash compared in constant time, the rate limit (429 + `Retry-After`), the scope
 * (403 `insufficient_scope`), the plan (402 after the trial for writes, as `requireProvider`). A malformed,
 * unknown, revoked or expired key all answer the same 401 `api_key_invalid`. No cache of the key: every
 * request reads it, so revoking takes effect on the next request.
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
  const limit = deps.config.API_KEY_RATE_LIMIT;
  const reserved = reservedOf(deps);
  const id = hash.toString('base64');
  // A hit reserved earlier in this window: the key is only read (revoked or expired: no row, 401).
  let hit = takeReserved(reserved, id, windowStart.getTime());
  let row: KeyRow | undefined;
  if (hit !== undefined) {
    [row] = await deps.sql<KeyRow[]>`
      SELECT k.id, k.provider_id, k.secret_hash, k.scopes, k.last_used_at, u.plan, u.trial_ends_at
      FROM api_keys k JOIN users u ON u.id = k.provider_id
      WHERE k.secret_hash = ${hash} AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > ${now})`;
    if (!row) reserved.delete(id);
  } else {
    // Else: the key is read and `n` hits are counted for it in one statement; this request takes the first.
    const n = hitsPerReservation(limit);
    const shard = Math.floor(Math.random() * RATE_SHARDS);
    const [counted] = await deps.sql<(KeyRow & { hits: number })[]>`
      WITH k AS (
        SELECT k.id, k.provider_id, k.secret_hash, k.scopes, k.last_used_at, u.plan, u.trial_ends_at
        FROM api_keys k JOIN users u ON u.id = k.provider_id
        WHERE k.secret_hash = ${hash} AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > ${now})
      ), hit AS (
        INSERT INTO api_key_rate_windows (key_id, window_start, shard, count)
        SELECT id, ${windowStart}, ${shard}, ${n} FROM k
        ON CONFLICT (key_id, window_start, shard) DO UPDATE SET count = api_key_rate_windows.count + ${n}
        RETURNING count
      ), others AS (
        SELECT coalesce(sum(w.count), 0)::int AS n FROM api_key_rate_windows w JOIN k ON w.key_id = k.id
        WHERE w.window_start = ${windowStart} AND w.shard <> ${shard}
      )
      SELECT k.*, (SELECT count FROM hit) + (SELECT n FROM others) AS hits FROM k`;
    row = counted;
    if (counted) {
      // The count is now `hits`: this request is hit `hits - n + 1`, the rest (up to the limit) kept.
      hit = counted.hits - n + 1;
      keepReserved(reserved, id, windowStart.getTime(), hit + 1, Math.min(counted.hits, limit));
    }
  }
  if (!row || !constantTimeEqual(new Uint8Array(row.secret_hash), new Uint8Array(hash))) {
    throw invalidKey();
  }
  const hits = hit ?? 0;
  const reset = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  const remaining = Math.max(0, limit - hits);
  // draft-ietf-httpapi-ratelimit-headers: the policy (quota q per window w seconds) and the state
  // (r remaining, t seconds until the window resets).
  setHeader(c, 'RateLimit-Policy', `"default";q=${limit};w=${API_KEY_WINDOW_SECONDS}`);
  setHeader(c, 'RateLimit', `"default";r=${remaining};t=${reset}`);
  if (hits > limit) {
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
  // Last use: an accepted request, written at most once a minute per key (not a write per request): the
  // instance's own last write (so the concurrent requests that all read the old time do not all write)
  // and, in the statement, the stored time (another instance's).
  let lastUsed = lastUsedByApp.get(deps);
  if (!lastUsed) {
    lastUsed = new Map();
    lastUsedByApp.set(deps, lastUsed);
  }
  const stored = row.last_used_at ? new Date(row.last_used_at).getTime() : 0;
  const last = Math.max(stored, lastUsed.get(row.id) ?? 0);
  if (now.getTime() - last >= LAST_USED_EVERY_MS) {
    if (lastUsed.size >= 10_000) lastUsed.clear();
    lastUsed.set(row.id, now.getTime());
    const due = new Date(now.getTime() - LAST_USED_EVERY_MS);
    await deps.sql`
      UPDATE api_keys SET last_used_at = ${now}, last_used_ip = ${clientIp(c)}
      WHERE id = ${row.id} AND (last_used_at IS NULL OR last_used_at <= ${due})`;
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
