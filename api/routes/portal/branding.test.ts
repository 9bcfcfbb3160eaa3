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
