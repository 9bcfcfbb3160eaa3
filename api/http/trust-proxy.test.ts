import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { AppDeps, AppEnv } from './context';
import { createLogger } from './logger';
import { clientIp } from './rate-limit';
import { requestContext } from './request-context';
import { clientAddress, parseTrustProxy, type TrustProxy } from './trust-proxy';

const trust = (value: string): TrustProxy => {
  const parsed = parseTrustProxy(value);
  if (!parsed) throw new Error(`unparsable ${value}`);
  return parsed;
};

describe('TRUST_PROXY (issue 17, finding 14)', () => {
  it('parses false, true, a hop count and a list of addresses and ranges; refuses anything else', () => {
    expect(parseTrustProxy(undefined)).toEqual({ hops: 0 });
    expect(parseTrustProxy('false')).toEqual({ hops: 0 });
    expect(parseTrustProxy('0')).toEqual({ hops: 0 });
    expect(parseTrustProxy('true')).toEqual({ hops: 1 });
    expect(parseTrustProxy('2')).toEqual({ hops: 2 });
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1, fd00::/8')).toMatchObject({
      list: ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8'],
    });
    for (const bad of ['yes', 'proxy.example.com', '10.0.0.0/33', '::1/129', '10.0.0.1/8/8', '1.2.3', '-1'])
      expect(parseTrustProxy(bad), bad).toBeNull();
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/^Invalid environment variable TRUST_PROXY: /);
  });

  it('takes the socket’s peer when no proxy is trusted, whatever the header says', () => {
    expect(clientAddress(trust('false'), '203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
  });

  it('takes the right-most hop behind one proxy, so a forged left-most address gets no fresh budget', () => {
    // The proxy appends the address it saw; the sender wrote everything to the left of it.
    expect(clientAddress(trust('true'), '127.0.0.1', '1.1.1.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress(trust('true'), '127.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress(trust('true'), '127.0.0.1', undefined)).toBe('127.0.0.1');
  });

  it('counts hops from the right: two proxies, the third address from the service', () => {
    expect(clientAddress(trust('2'), '10.0.0.2', 'forged, 203.0.113.7, 10.0.0.9')).toBe('203.0.113.7');
    // Fewer hops than proxies: the left-most there is.
    expect(clientAddress(trust('3'), '10.0.0.2', '203.0.113.7')).toBe('203.0.113.7');
  });

  it('with a list, skips the listed proxies from the right and stops at the first other address', () => {
    const list = trust('127.0.0.1, 10.0.0.0/8, 2001:db8::/32');
    expect(clientAddress(list, '::ffff:127.0.0.1', 'forged, 203.0.113.7, 10.1.2.3')).toBe('203.0.113.7');
    expect(clientAddress(list, '2001:db8::5', '2a00:1450::1')).toBe('2a00:1450::1');
    // A peer that is not a listed proxy is the client itself: its header is not believed.
    expect(clientAddress(list, '198.51.100.4', '1.1.1.1')).toBe('198.51.100.4');
    // Everything trusted: the left-most address.
    expect(clientAddress(list, '127.0.0.1', '10.0.0.1, 10.0.0.2')).toBe('10.0.0.1');
  });

  it('is what the rate limits and sessions see (clientIp), and decides whether X-Request-Id is kept', async () => {
    const seen = async (value: string, socket: string, headers: Record<string, string>) => {
      const config = loadConfig({ TRUST_PROXY: value, LOG_LEVEL: 'silent' });
      const deps = { config, log: createLogger('silent') } as AppDeps;
      const app = new Hono<AppEnv>();
      app.use('*', requestContext(deps));
      app.get('/', (c) => c.json({ ip: clientIp(c), requestId: c.get('requestId') }));
      const res = await app.request('/', { headers }, { incoming: { socket: { remoteAddress: socket } } });
      return (await res.json()) as { ip: string; requestId: string };
    };
    const headers = { 'X-Forwarded-For': '6.6.6.6, 203.0.113.7', 'X-Request-Id': 'req_from_proxy_1' };
    expect(await seen('true', '127.0.0.1', headers)).toEqual({
      ip: '203.0.113.7',
      requestId: 'req_from_proxy_1',
    });
    expect(await seen('127.0.0.1', '127.0.0.1', headers)).toEqual({
      ip: '203.0.113.7',
      requestId: 'req_from_proxy_1',
    });
    const direct = await seen('127.0.0.1', '198.51.100.4', headers);
    expect(direct.ip).toBe('198.51.100.4');
    expect(direct.requestId).not.toBe('req_from_proxy_1');
  });
});
