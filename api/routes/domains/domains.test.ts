import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { signedInProvider } from '../../auth/testing';
import { createTestContext, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';
import { createPortal, expectProviderOnly, tempDataDir } from '../portals/testing';

let t: TestContext;
let owner: string;
let stranger: string;
/** TXT records the stub resolver answers with, by name; a string value is an error code. */
const zone = new Map<string, string[][] | string>();
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true', DATA_DIR: tempDataDir() });
  t.deps.dns = {
    async resolveTxt(name) {
      const answer = zone.get(name) ?? 'ENOTFOUND';
      if (typeof answer === 'string')
        throw Object.assign(new Error(`queryTxt ${answer} ${name}`), { code: answer });
      return answer;
    },
  };
  owner = await signedInProvider(t, 'domains-owner@example.com');
  stranger = await signedInProvider(t, 'domains-stranger@example.com');
});
afterAll(() => t.close());

async function setDomain(portalId: string, domain: string, cookie = owner) {
  return send(t, 'PUT', `/api/portals/${portalId}/domain`, cookie, { domain });
}
async function verify(portalId: string) {
  const res = await send(t, 'POST', `/api/portals/${portalId}/domain/verify`, owner);
  expect(res.status).toBe(200);
  return (await res.json()).customDomain;
}

describe('domain routes: security', () => {
  it('answers 401 signed out, 401 to a bearer token and 404 to another provider', async () => {
    const { id } = await createPortal(t, owner);
    await setDomain(id, 'sec.example-agency.com');
    for (const req of [
      { method: 'PUT', path: `/api/portals/${id}/domain`, body: { domain: 'steal.example.com' } },
      { method: 'POST', path: `/api/portals/${id}/domain/verify` },
      { method: 'DELETE', path: `/api/portals/${id}/domain` },
    ]) {
      await expectProviderOnly(t, stranger, req);
    }
  });
});

describe('custom domains: set, verify, remove', () => {
  it('returns the CNAME and TXT records to create, lower-casing the domain', async () => {
    const { id } = await createPortal(t, owner);
    const res = await setDomain(id, ' Portal.Example-Agency.com. ');
    expect(res.status).toBe(200);
    const { customDomain } = await res.json();
    expect(customDomain).toMatchObject({
      domain: 'portal.example-agency.com',
      status: 'pending',
      error: null,
    });
    expect(customDomain.records[0]).toEqual({
      type: 'CNAME',
      name: 'portal.example-agency.com',
      value: 'localhost',
    });
    expect(customDomain.records[1]).toMatchObject({
      type: 'TXT',
      name: '_clientportal-verify.portal.example-agency.com',
    });
    expect(customDomain.records[1].value).toMatch(/^cpv-[0-9a-f]{32}$/);
  });

  it.each(['not a domain', 'localhost', '127.0.0.1', '-bad.example.com', `${'x'.repeat(64)}.com`])(
    'rejects %s with 422',
    async (domain) => {
      const { id } = await createPortal(t, owner);
      expect((await setDomain(id, domain)).status).toBe(422);
    },
  );

  it('refuses a domain another portal has verified (409 domain_taken), not one it only claims', async () => {
    const a = await createPortal(t, owner);
    const b = await createPortal(t, stranger);
    const { customDomain } = await (await setDomain(a.id, 'taken.example.com')).json();
    expect((await setDomain(b.id, 'taken.example.com', stranger)).status).toBe(200);
    zone.set('_clientportal-verify.taken.example.com', [[customDomain.records[1].value]]);
    expect(await verify(a.id)).toMatchObject({ status: 'verified' });
    const c = await createPortal(t, stranger);
    const res = await setDomain(c.id, 'taken.example.com', stranger);
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe('domain_taken');
  });

  it('reports ENOTFOUND, ENODATA and a wrong value, then verifies the right token', async () => {
    const { id } = await createPortal(t, owner);
    const { customDomain } = await (await setDomain(id, 'verify.example.com')).json();
    const name = '_clientportal-verify.verify.example.com';
    expect(await verify(id)).toMatchObject({ status: 'failed', error: 'ENOTFOUND' });
    zone.set(name, 'ENODATA');
    expect(await verify(id)).toMatchObject({ status: 'failed', error: 'ENODATA' });
    zone.set(name, [['cpv-someone-else']]);
    expect(await verify(id)).toMatchObject({ status: 'failed', error: 'wrong_value' });
    const token: string = customDomain.records[1].value;
    zone.set(name, [['v=spf1'], [token.slice(0, 10), token.slice(10)]]);
    const verified = await verify(id);
    expect(verified).toMatchObject({ status: 'verified', error: null });
    expect(verified.checkedAt).not.toBeNull();
  });

  it('answers 404 on verify when no domain is set, and removes a domain', async () => {
    const { id } = await createPortal(t, owner);
    expect((await send(t, 'POST', `/api/portals/${id}/domain/verify`, owner)).status).toBe(404);
    await setDomain(id, 'gone.example.com');
    const res = await send(t, 'DELETE', `/api/portals/${id}/domain`, owner);
    expect((await res.json()).customDomain).toBeNull();
  });
});

describe('GET /api/domains/check (Caddy on-demand TLS ask)', () => {
  it('answers 200 only for a verified portal domain', async () => {
    const { id } = await createPortal(t, owner);
    const { customDomain } = await (await setDomain(id, 'ask.example.com')).json();
    expect((await t.app.request('/api/domains/check?domain=ask.example.com')).status).toBe(404);
    zone.set('_clientportal-verify.ask.example.com', [[customDomain.records[1].value]]);
    await verify(id);
    expect((await t.app.request('/api/domains/check?domain=ask.example.com')).status).toBe(200);
    expect((await t.app.request('/api/domains/check?domain=unknown.example.com')).status).toBe(404);
    expect((await t.app.request('/api/domains/check')).status).toBe(422);
  });
});

describe('serving a portal by Host header', () => {
  let app: ReturnType<typeof createApp>;
  beforeAll(() => {
    const dist = tempDataDir();
    for (const [env, html] of [
      ['portal', '<!doctype html><html><head><title>Portal</title></head><body>portal-app</body></html>'],
      ['host', '<!doctype html><html><head><title>Host</title></head><body>host-app</body></html>'],
    ] as const) {
      mkdirSync(join(dist, env), { recursive: true });
      writeFileSync(join(dist, env, 'index.html'), html);
    }
    app = createApp(t.deps, { distDir: dist });
  });

  async function verifiedPortal(domain: string) {
    const { id } = await createPortal(t, owner);
    const { customDomain } = await (await setDomain(id, domain)).json();
    zone.set(`_clientportal-verify.${domain}`, [[customDomain.records[1].value]]);
    await verify(id);
    return id;
  }

  it('serves the portal app with its id in a meta tag at / and deeper paths', async () => {
    const a = await verifiedPortal('a.portal-host.com');
    const b = await verifiedPortal('b.portal-host.com');
    for (const [host, id] of [
      ['a.portal-host.com', a],
      ['B.Portal-Host.com:443', b],
    ] as const) {
      for (const path of ['/', '/projects', '/dashboard']) {
        const res = await app.request(path, { headers: { Host: host } });
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html).toContain(`<meta name="portal-id" content="${id}">`);
        expect(html).toContain('portal-app');
      }
    }
  });

  it('answers a clear 404 page for unknown and unverified domains, never a portal', async () => {
    const { id } = await createPortal(t, owner);
    await setDomain(id, 'pending.portal-host.com');
    for (const host of ['unknown.example.org', 'pending.portal-host.com']) {
      const res = await app.request('/', { headers: { Host: host } });
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain('Portal not found');
      expect(html).not.toContain('portal-id');
    }
  });

  it('keeps serving the dashboard on the platform host and the API on every host', async () => {
    expect(await (await app.request('/', { headers: { Host: 'localhost:3000' } })).text()).toContain(
      'host-app',
    );
    const api = await app.request('/api/health', { headers: { Host: 'unknown.example.org' } });
    expect(api.status).toBe(200);
  });

  it('stops serving a domain once it is removed', async () => {
    const id = await verifiedPortal('removed.portal-host.com');
    expect((await app.request('/', { headers: { Host: 'removed.portal-host.com' } })).status).toBe(200);
    await send(t, 'DELETE', `/api/portals/${id}/domain`, owner);
    expect((await app.request('/', { headers: { Host: 'removed.portal-host.com' } })).status).toBe(404);
  });
});
