import dns from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInProvider } from './auth/testing';
import { loadConfig } from './config';
import { send } from './routes/account/testing';
import { createPortal, tempDataDir } from './routes/portals/testing';
import { createDnsResolver } from './server';
import { startDnsStandIn } from './testing/dns-stand-in';
import { createTestContext, type TestContext } from './testing/harness';

let standIn: Awaited<ReturnType<typeof startDnsStandIn>>;
beforeAll(async () => {
  standIn = await startDnsStandIn();
});
afterAll(() => standIn.close());

describe('DNS_SERVERS configuration', () => {
  it('accepts IP addresses with optional ports and splits them', () => {
    expect(loadConfig({ DNS_SERVERS: '127.0.0.1:5399, 9.9.9.9,[::1]:53,::1' }).DNS_SERVERS).toEqual([
      '127.0.0.1:5399',
      '9.9.9.9',
      '[::1]:53',
      '::1',
    ]);
    expect(loadConfig({ DNS_SERVERS: '' }).DNS_SERVERS).toBeUndefined();
  });

  it.each([
    'dns.example.com',
    '127.0.0.1:0',
    '127.0.0.1:70000',
    '127.0.0.1,',
    '1.2.3',
    '[127.0.0.1]:53',
    '1.2.3.4:53:53',
  ])('refuses %s with one line naming the variable', (value) => {
    expect(() => loadConfig({ DNS_SERVERS: value })).toThrow(/^Invalid environment variable DNS_SERVERS: /);
  });
});

describe('the domain resolver', () => {
  it('is the system resolver without DNS_SERVERS', () => {
    expect(createDnsResolver(undefined)).toBe(dns);
  });

  it('asks only the configured servers: TXT values, ENODATA and ENOTFOUND', async () => {
    const resolver = createDnsResolver([standIn.address]);
    const long = 'x'.repeat(300);
    standIn.setTxt('_clientportal-verify.a.example-agency.test', ['cpv-one', long]);
    standIn.setTxt('_clientportal-verify.b.example-agency.test', []);
    const records = await resolver.resolveTxt('_clientportal-verify.a.example-agency.test');
    // A value over 255 bytes arrives as several strings, as real DNS splits it.
    expect(records.map((chunks) => chunks.join(''))).toEqual(['cpv-one', long]);
    await expect(resolver.resolveTxt('_clientportal-verify.b.example-agency.test')).rejects.toMatchObject({
      code: 'ENODATA',
    });
    await expect(resolver.resolveTxt('_clientportal-verify.c.example-agency.test')).rejects.toMatchObject({
      code: 'ENOTFOUND',
    });
    expect(standIn.queries.map((q) => q.name)).toContain('_clientportal-verify.c.example-agency.test');
  });
});

describe('domain verification through the configured DNS servers', () => {
  let t: TestContext;
  let owner: string;
  beforeAll(async () => {
    t = await createTestContext({ DATA_DIR: tempDataDir(), DNS_SERVERS: standIn.address });
    t.deps.dns = createDnsResolver(t.deps.config.DNS_SERVERS);
    owner = await signedInProvider(t, 'dns-servers@example.com');
  });
  afterAll(() => t.close());

  it('fails while the TXT record is missing, then verifies once the stand-in serves the token', async () => {
    const { id } = await createPortal(t, owner);
    const set = await send(t, 'PUT', `/api/portals/${id}/domain`, owner, {
      domain: 'wired.example-agency.test',
    });
    const txt = (await set.json()).customDomain.records[1];
    const verify = async () =>
      (await (await send(t, 'POST', `/api/portals/${id}/domain/verify`, owner)).json()).customDomain;

    expect(await verify()).toMatchObject({ status: 'failed', error: 'ENOTFOUND' });
    standIn.setTxt(txt.name, ['another-token']);
    expect(await verify()).toMatchObject({ status: 'failed', error: 'wrong_value' });
    standIn.setTxt(txt.name, [txt.value]);
    expect(await verify()).toMatchObject({ status: 'verified', error: null });
    const check = await t.app.request('/api/domains/check?domain=wired.example-agency.test');
    expect(check.status).toBe(200);
  });
});
