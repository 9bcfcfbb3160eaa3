import type { Sql } from '../../db/client';
import { cacheKeyOf } from '../../db/scoped';

/** Verified domains are cached briefly; the database stays the truth (other instances change it too). */
export const DOMAIN_CACHE_TTL_MS = 30_000;

interface Entry {
  portalId: string | null;
  expires: number;
}

/** One cache per database handle, so apps (and test files) never share answers. */
const caches = new WeakMap<object, Map<string, Entry>>();

function cacheOf(sql: Sql): Map<string, Entry> {
  let cache = caches.get(cacheKeyOf(sql));
  if (!cache) {
    cache = new Map();
    caches.set(cacheKeyOf(sql), cache);
  }
  return cache;
}

/**
 * The portal whose VERIFIED custom domain is `host` (lower case, no port), or null; cached for 30 s.
 * @example await portalForHost(sql, 'portal.example-agency.com', Date.now())
 */
export async function portalForHost(sql: Sql, host: string, nowMs: number): Promise<string | null> {
  const cache = cacheOf(sql);
  const hit = cache.get(host);
  if (hit && hit.expires > nowMs) return hit.portalId;
  const [row] = await sql<{ id: string }[]>`
    SELECT id FROM client_portals WHERE custom_domain = ${host} AND domain_status = 'verified'`;
  const portalId = row?.id ?? null;
  if (cache.size > 10_000) cache.clear();
  cache.set(host, { portalId, expires: nowMs + DOMAIN_CACHE_TTL_MS });
  return portalId;
}

/** Drops this instance's cached answers after a domain changed here (others expire within the TTL). */
export function forgetPortalDomains(sql: Sql): void {
  caches.get(cacheKeyOf(sql))?.clear();
}
