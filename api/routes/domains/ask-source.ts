import type { Context } from 'hono';
import type { AppEnv } from '../../http/context';
import { clientIp } from '../../http/rate-limit';

/** Headers a reverse proxy adds to the requests it forwards (Caddy's reverse_proxy always adds the first). */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses (how Node reports IPv4 on a dual-stack socket). */
function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

/** The TCP peer of the request (the proxy, when there is one); undefined in `app.request()` tests without one. */
function socketAddress(c: Context<AppEnv>): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

/**
 * Who is asking `/api/domains/check`:
 * - `proxy`: a request made on this machine (loopback) that was not forwarded: the TLS proxy's own
 *   on-demand `ask` (Caddy makes it itself, without forwarding headers). It is never rate limited, so a
 *   flood through the proxy, which arrives from the same loopback address, cannot starve certificates.
 * - `forwarded:<ip>` / `direct:<ip>`: anyone else, limited per source in two separate budgets: requests
 *   a proxy forwarded (they carry `X-Forwarded-For`, which the sender cannot strip) never share one with
 *   direct callers. `<ip>` is `clientIp` (the visitor behind a trusted proxy, else the socket's peer).
 * Sending a forwarding header only ever moves a caller into a limited budget, never out of one.
 */
export function askSource(c: Context<AppEnv>): 'proxy' | `forwarded:${string}` | `direct:${string}` {
  const forwarded = FORWARDING_HEADERS.some((name) => c.req.header(name) !== undefined);
  if (!forwarded && isLoopback(socketAddress(c))) return 'proxy';
  return `${forwarded ? 'forwarded' : 'direct'}:${clientIp(c)}`;
}
