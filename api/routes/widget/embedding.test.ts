import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/harness';
import { type PortalWorld, portalWorld } from '../portal-client/testing';
import { tempDataDir } from '../portals/testing';

let t: TestContext;
let world: PortalWorld;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true', DATA_DIR: tempDataDir() });
  world = await portalWorld(t, 'embedding', { withPassword: false });
  await t.sql`UPDATE client_portals SET allowed_origins = '{https://www.ada.studio,http://localhost:8080}'
    WHERE id = ${world.portalId}`;
});
afterAll(() => t.close());

/** The runtime's request: from the provider's page, no credentials. */
const ask = (origin: string, portalId = world.portalId) =>
  t.app.request(`/api/widget/${portalId}/embedding?origin=${encodeURIComponent(origin)}`, {
    headers: { Origin: origin },
  });

describe('GET /api/widget/{portalId}/embedding', () => {
  it('says yes for an allowed origin, with the portal’s name and colour, readable from any website', async () => {
    for (const origin of ['https://www.ada.studio', 'http://localhost:8080']) {
      const res = await ask(origin);
      expect(res.status, origin).toBe(200);
      expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
      expect(await res.json()).toEqual({
        allowed: true,
        portalName: 'embedding portal',
        primaryColor: '#0f766e',
      });
    }
  });

  it('says no for any other origin (another host, scheme or port), and never caches a no', async () => {
    for (const origin of ['https://ada.studio', 'http://www.ada.studio', 'http://localhost:8081']) {
      const res = await ask(origin);
      expect(res.status, origin).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      expect(await res.json()).toMatchObject({ allowed: false, portalName: 'embedding portal' });
    }
  });

  it('answers as frame-ancestors does: a stored value that is no exact origin allows nothing', async () => {
    await t.sql`UPDATE client_portals SET allowed_origins = '{https://x.example/path}' WHERE id = ${world.portalId}`;
    const res = await ask('https://x.example');
    expect(await res.json()).toMatchObject({ allowed: false });
    await t.sql`UPDATE client_portals SET allowed_origins = '{https://www.ada.studio,http://localhost:8080}'
      WHERE id = ${world.portalId}`;
  });

  it('follows the portal at once: a new origin is allowed on the next question', async () => {
    expect(await (await ask('https://shop.ada.studio')).json()).toMatchObject({ allowed: false });
    await t.sql`UPDATE client_portals SET allowed_origins = allowed_origins || '{https://shop.ada.studio}'
      WHERE id = ${world.portalId}`;
    expect(await (await ask('https://shop.ada.studio')).json()).toMatchObject({ allowed: true });
  });

  it('answers 404 for an unknown portal and 422 for a malformed id or origin, readable cross-origin too', async () => {
    const unknown = await ask('https://www.ada.studio', crypto.randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('not_found');
    const badId = await ask('https://www.ada.studio', 'not-a-portal');
    expect(badId.status).toBe(422);
    expect(badId.headers.get('Access-Control-Allow-Origin')).toBe('*');
    for (const origin of [
      '',
      'www.ada.studio',
      'https://www.ada.studio/',
      'ftp://a.example',
      'javascript:1',
    ]) {
      const res = await ask(origin);
      expect(res.status, origin).toBe(422);
      expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    }
    const missing = await t.app.request(`/api/widget/${world.portalId}/embedding`);
    expect(missing.status).toBe(422);
  });

  it('tells nothing else about the portal (no origin list, no domain, no id of its provider)', async () => {
    const body = (await (await ask('https://www.ada.studio')).json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['allowed', 'portalName', 'primaryColor']);
  });
});
