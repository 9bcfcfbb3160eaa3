import { BlockList, isIP } from 'node:net';

/**
 * Which proxies in front of the service are trusted to report the client's address (`TRUST_PROXY`), as
 * Express's `trust proxy`: none; a number of hops (the socket's peer and the next `hops - 1` addresses of
 * `X-Forwarded-For` from the right are proxies); or a list of proxy addresses and CIDR ranges.
 */
export type TrustProxy = { hops: number } | { proxies: BlockList; list: string[] };

export const NO_PROXY: TrustProxy = { hops: 0 };

/**
 * Parses `TRUST_PROXY`: `false`/`0`/empty (none), `true` (one hop: the proxy the service sees), a hop count,
 * or a comma-separated list of IP addresses and CIDR ranges (`10.0.0.0/8, ::1`).
 * @returns the setting, or null for a value that is none of these
 * @example parseTrustProxy('127.0.0.1, 10.0.0.0/8')
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'false') return NO_PROXY;
  if (v === 'true') return { hops: 1 };
  if (/^\d{1,2}$/.test(v)) return { hops: Number(v) };
  const proxies = new BlockList();
  const list = v.split(',').map((entry) => entry.trim());
  for (const entry of list) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (!family || rest.length) return null;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) {
      proxies.addAddress(address, type);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d{1,3}$/.test(prefix) || bits > (family === 4 ? 32 : 128)) return null;
    proxies.addSubnet(address, bits, type);
  }
  return { proxies, list };
}

/** An IPv4 address as Node reports it on a dual-stack socket (`::ffff:1.2.3.4`) becomes `1.2.3.4`. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  return mapped ?? address;
}

/** Whether the address `i` hops from the service (0: the socket's peer) is a trusted proxy. */
export function isTrustedHop(trust: TrustProxy, address: string, i: number): boolean {
  if ('hops' in trust) return i < trust.hops;
  const ip = plain(address);
  const family = isIP(ip);
  return family !== 0 && trust.proxies.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * The client's address: walking from the socket's peer leftwards through `X-Forwarded-For`, the first
 * address that is not a trusted proxy (a proxy that appends writes the address it saw last, so everything
 * left of the trusted hops is the sender's to forge); when every hop is trusted, the left-most.
 * @example clientAddress({ hops: 1 }, '10.0.0.2', 'forged, 203.0.113.7') // '203.0.113.7'
 */
export function clientAddress(trust: TrustProxy, socket: string, forwardedFor: string | undefined): string {
  const hops = [
    socket,
    ...(forwardedFor ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean)
      .reverse(),
  ];
  for (const [i, address] of hops.entries()) {
    if (!isTrustedHop(trust, address, i)) return plain(address);
  }
  return plain(hops.at(-1) ?? socket);
}
