import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { signedInProvider } from '../auth/testing';
import { createPortal } from '../routes/portals/testing';
import { createTestContext, type TestContext } from '../testing/harness';

/** The `frame-ancestors` of a response's Content-Security-Policy. */
const frameAncestorsOf = (res: Response) =>
  /(?:^|; )frame-ancestors ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];

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
    expect(frameAncestorsOf(file)).toBe("'none'");
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
      expect(frameAncestorsOf(res)).toBe('https://ada.studio http://localhost:5173');
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
      expect(frameAncestorsOf(res), path).toBe("'none'");
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(await res.text()).not.toContain('portal-frame-ancestors');
    }
  });

  it('forbids framing a portal without allowed origins, an unknown portal and a malformed id', async () => {
    for (const id of [closed, crypto.randomUUID(), 'not-a-portal']) {
      const res = await app.request(`/portal/${id}/login${embedQuery}`);
      expect(frameAncestorsOf(res), id).toBe("'none'");
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
      expect(frameAncestorsOf(res)).toBe('https://new.example');
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
    expect(frameAncestorsOf(embedded)).toBe('https://ada.studio http://localhost:5173');
    const html = await embedded.text();
    expect(html).toContain(`<meta name="portal-id" content="${embeddable}">`);
    expect(html).toContain('<meta name="portal-frame-ancestors"');
    const standalone = await app.request('/dashboard', { headers: host });
    expect(frameAncestorsOf(standalone)).toBe("'none'");
    expect(await standalone.text()).toContain(`<link rel="icon" href="/api/portal/${embeddable}/icon">`);
    expect(standalone.headers.get('x-frame-options')).toBe('DENY');
    const unknown = await app.request(`/${embedQuery}`, { headers: { Host: 'nobody.ada.test' } });
    expect(unknown.status).toBe(404);
    expect(frameAncestorsOf(unknown)).toBe("'none'");
  });
});

describe('the Content-Security-Policy of every page (issue 17, finding 13)', () => {
  let t: TestContext;
  let app: ReturnType<typeof createApp>;
  let dist: string;
  let portalId: string;
  const HOST_PAGE =
    '<!doctype html><html><head><title>host</title><script>window.boot=1</script><script defer src="/static/js/index.0123abcd.js"></script></head><body></body></html>';
  beforeAll(async () => {
    t = await createTestContext({ REMOTES_BASE_URL: 'https://cdn.example.net/remotes' });
    dist = mkdtempSync(join(tmpdir(), 'dist-'));
    for (const [path, body] of [
      ['host/index.html', HOST_PAGE],
      ['host/legal.html', '<!doctype html><title>legal</title><script src="/legal.js"></script>'],
      [
        'portal/index.html',
        '<!doctype html><html><head><title>portal</title><script>boot()</script><link rel="preload" as="script" href="/portal/static/js/a.js"></head></html>',
      ],
    ] as const) {
      mkdirSync(join(dist, path, '..'), { recursive: true });
      writeFileSync(join(dist, path), body);
    }
    app = createApp(t.deps, { distDir: dist });
    const owner = await signedInProvider(t, 'csp-owner@example.com');
    portalId = (await createPortal(t, owner, { allowedOrigins: ['https://ada.studio'] })).id;
  });
  afterAll(async () => {
    rmSync(dist, { recursive: true, force: true });
    await t.close();
  });

  const policyOf = (res: Response) => {
    const policy = res.headers.get('content-security-policy') ?? '';
    return Object.fromEntries(
      policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')] as const),
    );
  };
  const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(policyOf(res)['script-src'] ?? '')?.[1] ?? '';

  it('gives the host page scripts by a fresh nonce only, and the rest of a real policy', async () => {
    const headers = { Host: 'localhost:3000' };
    const [first, second] = [await app.request('/', { headers }), await app.request('/auth', { headers })];
    const nonce = nonceOf(first);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(second)).not.toBe(nonce);
    expect(policyOf(first)).toEqual({
      'script-src': `'nonce-${nonce}' 'strict-dynamic'`,
      'object-src': "'none'",
      'base-uri': "'none'",
      'form-action': "'self'",
      'connect-src': "'self' http://localhost:3000 ws://localhost:3000 https://cdn.example.net",
      'frame-ancestors': "'none'",
    });
    const html = await first.text();
    expect(html).toContain(`<script nonce="${nonce}">window.boot=1</script>`);
    expect(html).toContain(`<script nonce="${nonce}" defer src="/static/js/index.0123abcd.js">`);
    expect((await app.request('/no/such/page')).headers.get('content-security-policy')).toContain(
      "'strict-dynamic'",
    );
  });

  it('gives the portal page and the widget frame nonces, keeping who may frame them', async () => {
    const standalone = await app.request(`/portal/${portalId}/login`);
    const nonce = nonceOf(standalone);
    expect(policyOf(standalone)).toMatchObject({
      'script-src': `'nonce-${nonce}' 'strict-dynamic'`,
      'object-src': "'none'",
      'base-uri': "'none'",
      'frame-ancestors': "'none'",
    });
    const html = await standalone.text();
    expect(html).toContain(`<script nonce="${nonce}">boot()</script>`);
    expect(html).toContain(`<link nonce="${nonce}" rel="preload" as="script"`);
    const framed = await app.request(`/portal/${portalId}/login?embed=1`);
    expect(policyOf(framed)).toMatchObject({
      'script-src': `'nonce-${nonceOf(framed)}' 'strict-dynamic'`,
      'frame-ancestors': 'https://ada.studio',
    });
    const unknownDomain = await app.request('/', { headers: { Host: 'nobody.example.org' } });
    expect(unknownDomain.status).toBe(404);
    expect(policyOf(unknownDomain)).toMatchObject({ 'object-src': "'none'", 'frame-ancestors': "'none'" });
  });

  it('lets a page served as a file run its own origin’s scripts only', async () => {
    const res = await app.request('/legal.html');
    expect(res.status).toBe(200);
    expect(policyOf(res)).toMatchObject({ 'script-src': "'self'", 'object-src': "'none'" });
  });

  it('gives the API reference a nonce too', async () => {
    const res = await app.request('/api/docs');
    const nonce = nonceOf(res);
    expect(policyOf(res)).toMatchObject({
      'script-src': `'nonce-${nonce}' 'strict-dynamic'`,
      'object-src': "'none'",
      'base-uri': "'none'",
      'form-action': "'self'",
      'connect-src': "'self' http://localhost:3000",
      'frame-ancestors': "'none'",
    });
    const scripts = (await res.text()).match(/<script[^>]*>/g) ?? [];
    expect(scripts).toHaveLength(2);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it('sends HSTS for a year when PUBLIC_URL is https, never over plain http', async () => {
    expect((await app.request('/')).headers.get('strict-transport-security')).toBeNull();
    const https = await createTestContext({ PUBLIC_URL: 'https://app.example.com' });
    try {
      const res = await https.app.request('/api/health');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
    } finally {
      await https.close();
    }
  });
});
