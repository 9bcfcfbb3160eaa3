import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDnsStandIn } from '../../testing/dns-stand-in';
import { checkAddress } from './address-policy';
import { createHostResolver } from './resolve';
import { RESPONSE_READ_CAP_BYTES, sendWebhook } from './send';
import { type Receiver, startReceiver } from './testing';
import { checkEndpointUrl } from './url-check';

const strict = { allowLoopback: false };
const loopbackAllowed = { allowLoopback: true };

describe('the address policy', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['169.254.0.1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['::ffff:7f00:1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['::a00:1', 'ipv4Compatible'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['2002:a00:1::1', '6to4'],
    ['not-an-address', 'invalid'],
  ])('refuses %s (%s)', (address, range) => {
    expect(checkAddress(address, strict)).toEqual({ allowed: false, range });
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows public %s',
    (address) => {
      expect(checkAddress(address, strict)).toEqual({ allowed: true });
    },
  );

  it('allows loopback, and only loopback, when the setting says so', () => {
    expect(checkAddress('127.0.0.1', loopbackAllowed).allowed).toBe(true);
    expect(checkAddress('::1', loopbackAllowed).allowed).toBe(true);
    expect(checkAddress('::ffff:127.0.0.1', loopbackAllowed).allowed).toBe(true);
    expect(checkAddress('10.0.0.1', loopbackAllowed).allowed).toBe(false);
    expect(checkAddress('169.254.169.254', loopbackAllowed).allowed).toBe(false);
  });
});

describe('checking an endpoint URL when it is saved', () => {
  const noLookup = async () => [];
  const production = { isProduction: true, WEBHOOKS_ALLOW_LOOPBACK: false };
  const development = { isProduction: false, WEBHOOKS_ALLOW_LOOPBACK: false };
  const refusal = (key: string) =>
    expect.objectContaining({ code: 'validation_failed', fields: [{ path: 'url', key }] });

  it('requires https in production and allows http elsewhere', async () => {
    await expect(checkEndpointUrl(production, noLookup, 'http://hooks.example.com/x')).rejects.toEqual(
      refusal('validation.webhookUrlHttpsRequired'),
    );
    await expect(
      checkEndpointUrl(production, noLookup, 'https://hooks.example.com/x'),
    ).resolves.toBeUndefined();
    await expect(
      checkEndpointUrl(development, noLookup, 'http://hooks.example.com/x'),
    ).resolves.toBeUndefined();
  });

  it.each([
    'https://localhost/x',
    'https://api.localhost/x',
    'https://127.0.0.1/x',
    'https://[::1]/x',
    'https://10.0.0.8/x',
    'https://169.254.169.254/latest/meta-data',
    'https://[::ffff:192.168.0.1]/x',
  ])('refuses %s as internal', async (url) => {
    await expect(checkEndpointUrl(development, createHostResolver(undefined), url)).rejects.toEqual(
      refusal('validation.webhookUrlInternal'),
    );
  });

  it('refuses a host name whose addresses include an internal one', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 as const },
      { address: '10.0.0.5', family: 4 as const },
    ];
    await expect(checkEndpointUrl(production, resolve, 'https://mixed.example.com/x')).rejects.toEqual(
      refusal('validation.webhookUrlInternal'),
    );
  });
});

describe('sending to a host (local receiver, names from the DNS stand-in)', () => {
  let receiver: Receiver;
  let other: Receiver;
  let dns: Awaited<ReturnType<typeof startDnsStandIn>>;
  let resolve: ReturnType<typeof createHostResolver>;
  const message = (url: string) => ({
    url,
    headers: { 'webhook-id': 'msg_1' },
    body: '{"type":"webhook.test"}',
  });

  beforeAll(async () => {
    receiver = await startReceiver();
    other = await startReceiver();
    dns = await startDnsStandIn();
    resolve = createHostResolver([dns.address]);
    dns.setAddresses('receiver.test', ['127.0.0.1']);
    dns.setAddresses('mapped.test', ['::ffff:127.0.0.1']);
    dns.setAddresses('metadata.test', ['169.254.169.254']);
    dns.setAddresses('private.test', ['10.20.30.40']);
    dns.setAddresses('mixed.test', ['93.184.216.34', '127.0.0.1']);
  });
  afterAll(async () => {
    await receiver?.close();
    await other?.close();
    await dns?.close();
  });

  it('refuses a name that resolves to 127.0.0.1 unless loopback is allowed, and never connects', async () => {
    const before = receiver.received.length;
    const refused = await sendWebhook(message(`http://receiver.test:${receiver.port}/a`), {
      resolve,
      allowLoopback: false,
      timeoutMs: 2_000,
    });
    expect(refused).toMatchObject({ ok: false, error: 'address_refused', statusCode: null });
    expect(receiver.received.length).toBe(before);

    const sent = await sendWebhook(message(`http://receiver.test:${receiver.port}/a`), {
      resolve,
      allowLoopback: true,
      timeoutMs: 2_000,
    });
    expect(sent).toMatchObject({ ok: true, statusCode: 200, responseBody: '{"ok":true}', error: null });
    expect(receiver.received.at(-1)?.headers.host).toBe(`receiver.test:${receiver.port}`);
  });

  it.each([
    ['mapped.test', 'IPv4-mapped loopback'],
    ['metadata.test', 'the metadata address'],
    ['private.test', 'a private address'],
    ['mixed.test', 'one public and one loopback address'],
  ])('refuses %s (%s) in production settings', async (host) => {
    const before = receiver.received.length;
    const outcome = await sendWebhook(message(`http://${host}:${receiver.port}/a`), {
      resolve,
      allowLoopback: false,
      timeoutMs: 2_000,
    });
    expect(outcome.error).toBe('address_refused');
    expect(receiver.received.length).toBe(before);
  });

  it('reuses a kept-alive connection per origin, and looks up and checks only for a new connection', async () => {
    receiver.keepAlive(10_000);
    let lookups = 0;
    const counting: typeof resolve = (host) => {
      lookups++;
      return resolve(host);
    };
    try {
      const before = receiver.received.length;
      for (let i = 0; i < 3; i++) {
        const sent = await sendWebhook(message(`http://receiver.test:${receiver.port}/a`), {
          resolve: counting,
          allowLoopback: true,
          timeoutMs: 2_000,
        });
        expect(sent).toMatchObject({ ok: true, statusCode: 200 });
      }
      const ports = new Set(receiver.received.slice(before).map((r) => r.remotePort));
      expect(ports.size).toBe(1);
      expect(lookups).toBe(1);
      // The same resolver where loopback is refused never borrows that connection: a new one, refused.
      const refused = await sendWebhook(message(`http://receiver.test:${receiver.port}/a`), {
        resolve: counting,
        allowLoopback: false,
        timeoutMs: 2_000,
      });
      expect(refused).toMatchObject({ ok: false, error: 'address_refused' });
      expect(lookups).toBe(2);
      expect(receiver.received.length).toBe(before + 3);
    } finally {
      receiver.keepAlive(1);
    }
  });

  it('checks an address literal before connecting (no look-up runs for it)', async () => {
    const before = receiver.received.length;
    const outcome = await sendWebhook(message(`http://127.0.0.1:${receiver.port}/a`), {
      resolve,
      allowLoopback: false,
      timeoutMs: 2_000,
    });
    expect(outcome).toMatchObject({ ok: false, error: 'address_refused' });
    expect(receiver.received.length).toBe(before);
  });

  it('answers dns_failed for a name that does not exist', async () => {
    const outcome = await sendWebhook(message('http://nowhere.test/a'), {
      resolve,
      allowLoopback: true,
      timeoutMs: 2_000,
    });
    expect(outcome.error).toBe('dns_failed');
  });

  it('does not follow a redirect', async () => {
    receiver.behave('/moved', { kind: 'redirect', location: `http://127.0.0.1:${other.port}/target` });
    const outcome = await sendWebhook(message(`http://receiver.test:${receiver.port}/moved`), {
      resolve,
      allowLoopback: true,
      timeoutMs: 2_000,
    });
    expect(outcome).toMatchObject({ ok: false, statusCode: 302, error: 'redirect_not_followed' });
    expect(other.received).toHaveLength(0);
  });

  it('gives up at the timeout when the answer does not finish', async () => {
    receiver.behave('/hang', { kind: 'hang' });
    const started = Date.now();
    const outcome = await sendWebhook(message(`http://receiver.test:${receiver.port}/hang`), {
      resolve,
      allowLoopback: true,
      timeoutMs: 300,
    });
    expect(outcome).toMatchObject({ ok: false, error: 'timeout', statusCode: 200 });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('reads a big answer only up to the cap and keeps its first 2 KB', async () => {
    receiver.behave('/big', { kind: 'big', bytes: 4 * RESPONSE_READ_CAP_BYTES * 16 });
    const outcome = await sendWebhook(message(`http://receiver.test:${receiver.port}/big`), {
      resolve,
      allowLoopback: true,
      timeoutMs: 5_000,
    });
    expect(outcome).toMatchObject({ ok: true, statusCode: 200, error: null });
    expect(outcome.responseBody).toBe('x'.repeat(2048));
  });

  it('releases its deadline when the attempt ends: the timer cleared, no listener left on the worker signal', async () => {
    const worker = new AbortController();
    const set = vi.spyOn(globalThis, 'setTimeout');
    const clear = vi.spyOn(globalThis, 'clearTimeout');
    try {
      for (const path of ['/a', '/moved']) {
        const outcome = await sendWebhook(message(`http://receiver.test:${receiver.port}${path}`), {
          resolve,
          allowLoopback: true,
          timeoutMs: 4_321,
          signal: worker.signal,
        });
        expect(outcome.statusCode).not.toBeNull();
      }
      const deadlines = set.mock.calls.flatMap((call, i) =>
        call[1] === 4_321 ? [set.mock.results[i]?.value] : [],
      );
      expect(deadlines).toHaveLength(2);
      for (const timer of deadlines) expect(clear).toHaveBeenCalledWith(timer);
      expect(getEventListeners(worker.signal, 'abort')).toHaveLength(0);
    } finally {
      set.mockRestore();
      clear.mockRestore();
    }
  });

  it('stops at once when the worker signal aborts', async () => {
    receiver.behave('/slow', { kind: 'hang' });
    const worker = new AbortController();
    const sending = sendWebhook(message(`http://receiver.test:${receiver.port}/slow`), {
      resolve,
      allowLoopback: true,
      timeoutMs: 60_000,
      signal: worker.signal,
    });
    await receiver.waitFor((got) => got.some((r) => r.path === '/slow'));
    worker.abort();
    expect(await sending).toMatchObject({ ok: false, error: 'timeout' });
  });
});
