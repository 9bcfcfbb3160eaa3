import ipaddr from 'ipaddr.js';

/*
 * Where a webhook may connect: public unicast addresses only. Everything else reaches inside the
 * platform's own network or is not a single host, so a provider could use a webhook to make the server
 * request it (server-side request forgery): loopback (127.0.0.0/8, ::1), private (10/8, 172.16/12,
 * 192.168/16), link-local (169.254/16, which holds the cloud metadata address 169.254.169.254; fe80::/10),
 * carrier-grade NAT (100.64/10), "this network" (0.0.0.0/8), multicast and broadcast, reserved and
 * documentation ranges, unique-local IPv6 (fc00::/7), and IPv6 forms that carry an IPv4 address inside
 * (IPv4-mapped ::ffff:a.b.c.d is judged by its IPv4 address; IPv4-compatible ::/96, NAT64, 6to4 and
 * Teredo are refused outright). `ipaddr.js` names the ranges; only its `unicast` passes. Loopback passes
 * too when `allowLoopback` (WEBHOOKS_ALLOW_LOOPBACK, development only).
 */

export type AddressVerdict = { allowed: true } | { allowed: false; range: string };

/**
 * Whether the service may connect to `address` (an IP address as text; anything else is refused).
 * @example checkAddress('169.254.169.254', { allowLoopback: false }) // { allowed: false, range: 'linkLocal' }
 */
export function checkAddress(address: string, opts: { allowLoopback: boolean }): AddressVerdict {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return { allowed: false, range: 'invalid' };
  // `process` turns an IPv4-mapped IPv6 address into the IPv4 address it stands for.
  const ip = ipaddr.process(bare);
  const range = ip.range();
  // ::a.b.c.d (IPv4-compatible, deprecated; not :: or ::1): `ipaddr.js` calls most of it unicast.
  if (
    range === 'unicast' &&
    ip.kind() === 'ipv6' &&
    (ip as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)
  )
    return { allowed: false, range: 'ipv4Compatible' };
  if (range === 'unicast') return { allowed: true };
  if (range === 'loopback' && opts.allowLoopback) return { allowed: true };
  return { allowed: false, range };
}

/** Whether `hostname` names this machine without DNS (`localhost` and its subdomains, RFC 6761). */
export const isLocalhostName = (hostname: string): boolean => /(^|\.)localhost\.?$/i.test(hostname);
