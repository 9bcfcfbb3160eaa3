import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/harness';
import { tempDataDir } from '../portals/testing';
import { type PortalWorld, portalWorld } from './testing';

let t: TestContext;
let world: PortalWorld;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true', DATA_DIR: tempDataDir() });
  world = await portalWorld(t, 'brand', { withPassword: false });
});
afterAll(() => t.close());

describe('GET /api/portal/{portalId}/branding', () => {
  it('tells a login page only the portal’s name, logo, colours and language, without a session', async () => {
    await t.sql`UPDATE client_portals SET secondary_color = '#fde047', allowed_origins = '{https://a.example}',
      custom_domain = 'secret.example', domain_verification_token = 'cpv-secret' WHERE id = ${world.portalId}`;
    const res = await t.app.request(`/api/portal/${world.portalId}/branding`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
    expect(await res.json()).toEqual({
      id: world.portalId,
      name: 'brand portal',
      logoUrl: null,
      primaryColor: '#0f766e',
      secondaryColor: '#fde047',
      onPrimary: '#ffffff',
      language: 'en',
    });
  });

  it('follows the provider’s language and picks dark text on a light primary colour', async () => {
    await t.sql`UPDATE profiles SET preferred_language = 'de' WHERE user_id = ${world.providerId}`;
    await t.sql`UPDATE client_portals SET primary_color = '#fde047' WHERE id = ${world.portalId}`;
    const body = await (await t.app.request(`/api/portal/${world.portalId}/branding`)).json();
    expect(body).toMatchObject({ language: 'de', onPrimary: '#111827' });
  });

  it('answers 404 for an unknown portal and 422 for a malformed id', async () => {
    const unknown = await t.app.request(`/api/portal/${crypto.randomUUID()}/branding`);
    expect(unknown.status).toBe(404);
    expect((await t.app.request('/api/portal/not-a-uuid/branding')).status).toBe(422);
  });
});

describe('GET /api/portal/{portalId}/icon', () => {
  it('draws the portal’s initial on its primary colour, as a safe SVG, without a session', async () => {
    await t.sql`UPDATE client_portals SET portal_name = 'brand portal', primary_color = '#0f766e'
      WHERE id = ${world.portalId}`;
    const res = await t.app.request(`/api/portal/${world.portalId}/icon`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'");
    expect(res.headers.get('Cache-Control')).toBe('public, no-cache');
    const svg = await res.text();
    expect(svg).toContain('fill="#0f766e"');
    expect(svg).toMatch(/fill="#ffffff">B<\/text><\/svg>$/);
  });

  it('answers 304 while unchanged, and a new name or colour at once', async () => {
    const first = await t.app.request(`/api/portal/${world.portalId}/icon`);
    const etag = first.headers.get('ETag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.request(`/api/portal/${world.portalId}/icon`, {
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    await t.sql`UPDATE client_portals SET portal_name = '<Zeta & Co>', primary_color = '#fde047'
      WHERE id = ${world.portalId}`;
    const changed = await t.app.request(`/api/portal/${world.portalId}/icon`, {
      headers: { 'If-None-Match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('ETag')).not.toBe(etag);
    const svg = await changed.text();
    // The name's first character, escaped; dark text on the light colour.
    expect(svg).toContain('fill="#fde047"');
    expect(svg).toContain('fill="#111827">&#60;</text>');
    expect(svg).not.toContain('<Zeta');
  });

  it('answers 404 for an unknown portal and 422 for a malformed id', async () => {
    expect((await t.app.request(`/api/portal/${crypto.randomUUID()}/icon`)).status).toBe(404);
    expect((await t.app.request('/api/portal/not-a-uuid/icon')).status).toBe(422);
  });
});
