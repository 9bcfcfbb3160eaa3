import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { signedInProvider } from '../auth/testing';
import { createPortal } from '../routes/portals/testing';
import { createTestContext, type TestContext } from '../testing/harness';

describe('serving the built frontends', () => {
  let t: TestContext;
  let app: ReturnType<typeof createApp>;
  let dist: string;
  const write = (path: string, body: string) => {
    mkdirSync(join(dist, path, '..'), { recursive: true });
    writeFileSync(join(dist, path), body);
  };
  beforeAll(async () => {
    t = await createTestContext();
    dist = mkdtempSync(join(tmpdir(), 'dist-'));
    write('host/index.html', '<!doctype html><title>host</title>');
    write('host/static/js/index.0123abcd.js', 'console.log(1)');
    write('portal/index.html', '<!doctype html><html><head><title>portal</title></head></html>');
    write('clients/mf-manifest.json', '{"name":"clients"}');
    write('widget/embed.js', '/* widget */');
    app = createApp(t.deps, { distDir: dist });
  });
  afterAll(async () => {
    rmSync(dist, { recursive: true, force: true });
    await t.close();
  });

  it('serves the host page for its routes, with frame-ancestors none', async () => {
    for (const path of ['/', '/auth', '/dashboard', '/dashboard/clients', '/waitlist']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<title>host</title>');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('never lets the host’s pages and files be framed (X-Frame-Options for old browsers too)', async () => {
    for (const path of ['/', '/dashboard/portals', '/no/such/page']) {
      const res = await app.request(path);
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
    write('host/privacy.html', '<!doctype html><title>privacy</title>');
    const file = await app.request('/privacy.html');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(file.headers.get('x-frame-options')).toBe('DENY');
  });

  it('answers an unknown path with the host page and status 404', async () => {
    const res = await app.request('/no/such/page');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<title>host</title>');
  });

  it('caches hashed assets forever and pages never', async () => {
    const asset = await app.request('/static/js/index.0123abcd.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await app.request('/')).headers.get('cache-control')).toBe('no-cache');
  });

  it('serves remotes, the portal app and the widget under their prefixes', async () => {
    const manifest = await app.request('/remotes/clients/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(await (await app.request('/portal/4b1c/login')).text()).toContain('<title>portal</title>');
    expect((await app.request('/widget/embed.js')).status).toBe(200);
  });

  it('never serves files outside dist', async () => {
    const res = await app.request('/remotes/clients/..%2f..%2fpackage.json');
    expect(await res.text()).not.toContain('"dependencies"');
  });

  it('keeps unknown API paths as JSON errors, not the SPA', async () => {
    const res = await app.request('/api/unknown');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});

describe('framing the portal app (the widget’s iframe)', () => {
  let t: TestContext;
  let app: ReturnType<typeof createApp>;
  let dist: string;
  let embeddable = '';
  let closed = '';
  beforeAll(async () => {
    t = await createTestContext();
    dist = mkdtempSync(join(tmpdir(), 'dist-'));
    mkdirSync(join(dist, 'portal'), { recursive: true });
    writeFileSync(
      join(dist, 'portal', 'index.html'),
      '<!doctype html><html><head><title>portal</title><link rel="icon" href="data:image/svg+xml,platform"></head><body></body></html>',
    );
    app = createApp(t.deps, { distDir: dist });
    const owner = await signedInProvider(t, 'framing-owner@example.com');
    embeddable = (
      await createPortal(t, owner, {
        portalName: 'Embeddable',
        allowedOrigins: ['https://ada.studio', 'http://localhost:5173'],
      })
    ).id;
    closed = (await createPortal(t, owner, { portalName: 'Closed' })).id;
  });
  afterAll(async () => {
    rmSync(dist, { recursive: true, force: true });
    await t.close();
  });

  const embedQuery = '?embed=1&parent=https%3A%2F%2Fada.studio&channel=0123456789abcdef01234567';

  it('lets only the portal’s allowed website origins frame its embedded pages, and names them to the frame', async () => {
    for (const page of ['', 'login', 'dashboard', 'invoices']) {
      const res = await app.request(`/portal/${embeddable}/${page}${embedQuery}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toBe(
        'frame-ancestors https://ada.studio http://localhost:5173',
      );
      expect(res.headers.get('x-frame-options')).toBeNull();
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).toContain(
        '<head><meta name="portal-frame-ancestors" content="https://ada.studio http://localhost:5173">',
      );
    }
  });

  it('forbids framing the standalone pages, even of an embeddable portal', async () => {
    for (const path of [`/portal/${embeddable}/login`, `/portal/${embeddable}/dashboard`, '/portal/login']) {
      const res = await app.request(path);
      expect(res.headers.get('content-security-policy'), path).toBe("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(await res.text()).not.toContain('portal-frame-ancestors');
    }
  });

  it('forbids framing a portal without allowed origins, an unknown portal and a malformed id', async () => {
    for (const id of [closed, crypto.randomUUID(), 'not-a-portal']) {
      const res = await app.request(`/portal/${id}/login${embedQuery}`);
      expect(res.headers.get('content-security-policy'), id).toBe("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options'), id).toBe('DENY');
      expect(await res.text()).not.toContain('portal-frame-ancestors');
    }
  });

  it('names the portal’s own tab icon on its standalone pages, and keeps the inline one in a frame', async () => {
    for (const path of [`/portal/${embeddable}/login`, `/portal/${embeddable.toUpperCase()}/dashboard`]) {
      const html = await (await app.request(path)).text();
      expect(html, path).toContain(`<link rel="icon" href="/api/portal/${embeddable}/icon">`);
      expect(html, path).not.toContain('data:image/svg+xml,platform');
    }
    for (const path of [
      `/portal/${embeddable}/dashboard${embedQuery}`,
      '/portal/login',
      '/portal/not-a-portal',
    ]) {
      const html = await (await app.request(path)).text();
      expect(html, path).toContain('<link rel="icon" href="data:image/svg+xml,platform">');
      expect(html, path).not.toContain('/icon"');
    }
  });

  it('follows a change of the allowed origins at once', async () => {
    await t.sql`UPDATE client_portals SET allowed_origins = '{https://new.example}' WHERE id = ${closed}`;
    try {
      const res = await app.request(`/portal/${closed}/login${embedQuery}`);
      expect(res.headers.get('content-security-policy')).toBe('frame-ancestors https://new.example');
    } finally {
      await t.sql`UPDATE client_portals SET allowed_origins = '{}' WHERE id = ${closed}`;
    }
  });

  it('does the same on a portal’s verified custom domain, and never frames its 404 page', async () => {
    await t.sql`
      UPDATE client_portals SET custom_domain = 'portal.ada.test', domain_status = 'verified'
      WHERE id = ${embeddable}`;
    const host = { Host: 'portal.ada.test' };
    const embedded = await app.request(`/dashboard${embedQuery}`, { headers: host });
    expect(embedded.status).toBe(200);
    expect(embedded.headers.get('content-security-policy')).toBe(
      'frame-ancestors https://ada.studio http://localhost:5173',
    );
    const html = await embedded.text();
    expect(html).toContain(`<meta name="portal-id" content="${embeddable}">`);
    expect(html).toContain('<meta name="portal-frame-ancestors"');
    const standalone = await app.request('/dashboard', { headers: host });
    expect(standalone.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(await standalone.text()).toContain(`<link rel="icon" href="/api/portal/${embeddable}/icon">`);
    expect(standalone.headers.get('x-frame-options')).toBe('DENY');
    const unknown = await app.request(`/${embedQuery}`, { headers: { Host: 'nobody.ada.test' } });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
  });
});
