import dns from 'node:dns/promises';
import { isIP } from 'node:net';

/** One address of a host, as `net.connect`'s `lookup` hands it on. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Looks a webhook's host up: every address it has (IPv4 and IPv6). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/**
 * The resolver of webhook hosts: the system's (`getaddrinfo`, as any client would), or with `DNS_SERVERS`
 * only those servers (A and AAAA; the tests' local stand-in). An IP literal is itself. The delivery checks
 * every address it returns and then connects to one of those checked addresses, never looking the name up
 * again (a second lookup could answer differently: DNS rebinding).
 * @example const addresses = await createHostResolver(['127.0.0.1:5353'])('hooks.example.com')
 */
export function createHostResolver(servers: readonly string[] | undefined): HostResolver {
  const resolver = servers?.length ? new dns.Resolver({ timeout: 2_000, tries: 2 }) : undefined;
  resolver?.setServers(servers as string[]);
  return async (hostname) => {
    const bare = hostname.replace(/^\[|\]$/g, '');
    const literal = isIP(bare);
    if (literal) return [{ address: bare, family: literal as 4 | 6 }];
    if (!resolver) {
      const found = await dns.lookup(bare, { all: true, verbatim: true });
      return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
    }
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(bare), resolver.resolve6(bare)]);
    const found: ResolvedAddress[] = [
      ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
      ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
    ];
    if (!found.length) {
      throw v4.status === 'rejected' ? v4.reason : new Error(`no address for ${bare}`);
    }
    return found;
  };
}

const resolvers = new WeakMap<object, HostResolver>();

/** The resolver for a configuration (`DNS_SERVERS`), made once per config object. */
export function hostResolverFor(config: { DNS_SERVERS?: string[] | undefined }): HostResolver {
  let resolver = resolvers.get(config);
  if (!resolver) {
    resolver = createHostResolver(config.DNS_SERVERS);
    resolvers.set(config, resolver);
  }
  return resolver;
}
