import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInProvider } from '../../auth/testing';
import { allowedOriginsOf } from '../../services/portal-client/branding';
import { createTestContext, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';
import { createClient, createPortal, expectProviderOnly, tempDataDir } from './testing';

let t: TestContext;
let owner: string;
let stranger: string;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true', DATA_DIR: tempDataDir() });
  owner = await signedInProvider(t, 'owner@example.com');
  stranger = await signedInProvider(t, 'stranger@example.com');
});
afterAll(() => t.close());

describe('portal routes: security', () => {
  it('answers 401 signed out, 401 to a bearer token and 404 to another provider on every portal route', async () => {
    const { id } = await createPortal(t, owner);
    for (const req of [
      { method: 'GET', path: `/api/portals/${id}` },
      { method: 'PATCH', path: `/api/portals/${id}`, body: { portalName: 'Hijacked' } },
      { method: 'DELETE', path: `/api/portals/${id}/logo` },
      { method: 'DELETE', path: `/api/portals/${id}` },
    ]) {
      await expectProviderOnly(t, stranger, req);
    }
    expect((await (await send(t, 'GET', `/api/portals/${id}`, owner)).json()).portalName).toBe('Studio');
  });

  it('lists only the caller’s portals, and 401 when signed out', async () => {
    await createPortal(t, stranger, { portalName: 'Stranger portal' });
    expect((await send(t, 'GET', '/api/portals', undefined)).status).toBe(401);
    const list = await (await send(t, 'GET', '/api/portals', owner)).json();
    expect(list.items.map((p: { portalName: string }) => p.portalName)).not.toContain('Stranger portal');
  });

  it('rejects a cross-site create with 403', async () => {
    const res = await send(
      t,
      'POST',
      '/api/portals',
      owner,
      { portalName: 'X' },
      { Origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
  });
});

describe('portal routes: create, read, update, delete', () => {
  it('creates a portal with branding, URL and contrast computed on the server', async () => {
    const portal = await createPortal(t, owner, {
      portalName: '  Analytical Studio ',
      primaryColor: '#FACC15',
      secondaryColor: '#1e3a8a',
      allowedOrigins: ['https://ada.studio/', 'http://localhost:5173', 'https://ada.studio'],
    });
    expect(portal).toMatchObject({
      portalName: 'Analytical Studio',
      primaryColor: '#facc15',
      secondaryColor: '#1e3a8a',
      allowedOrigins: ['https://ada.studio', 'http://localhost:5173'],
      portalUrl: `http://localhost:3000/portal/${portal.id}`,
      logoUrl: null,
      customDomain: null,
      clientCount: 0,
      contrast: { primary: { warning: true, textColor: '#111827' }, secondary: { warning: false } },
    });
  });

  it.each([
    [{ portalName: '' }, 'portalName'],
    [{ portalName: 'x'.repeat(81) }, 'portalName'],
    [{ portalName: 'A', primaryColor: 'red' }, 'primaryColor'],
    [{ portalName: 'A', allowedOrigins: ['http://ada.studio'] }, 'allowedOrigins.0'],
    [{ portalName: 'A', allowedOrigins: ['javascript:alert(1)'] }, 'allowedOrigins.0'],
    [
      { portalName: 'A', allowedOrigins: Array.from({ length: 11 }, (_, i) => `https://s${i}.example.com`) },
      'allowedOrigins',
    ],
    [{ portalName: 'A', providerId: crypto.randomUUID() }, '(body)'],
  ])('rejects %j with 422 on %s', async (body, path) => {
    const res = await send(t, 'POST', '/api/portals', owner, body);
    expect(res.status).toBe(422);
    const fields = (await res.json()).error.fields.map((f: { path: string }) => f.path);
    expect(fields).toContain(path);
  });

  // Issue 17, finding 12: each of these would put a wildcard, a second source or a directive into the
  // portal's frame-ancestors.
  it.each([
    'https://*.com',
    'https://*.example.com',
    'https://x.com;script-src',
    "https://x.com; script-src 'unsafe-inline'",
    'https://a,b.com',
    'https://a.com https://b.com',
    'https://a.com/path',
    'https://a.com/path?x=1',
    'https://a.com?x=1',
    'https://a.com#top',
    'https://user@a.com',
    'https://a_b.com',
    'https://-a.com',
    'https://com',
    'https://1.2.3.4',
    '*',
    'https:',
    'ftp://a.com',
  ])('refuses the allowed origin %j with a translated error', async (origin) => {
    const res = await send(
      t,
      'POST',
      '/api/portals',
      owner,
      { portalName: 'A', allowedOrigins: [origin] },
      {
        'Accept-Language': 'de',
      },
    );
    expect(res.status).toBe(422);
    expect((await res.json()).error.fields).toEqual([
      expect.objectContaining({
        path: 'allowedOrigins.0',
        key: 'validation.originInvalid',
        message: expect.stringContaining('ohne Pfad, Platzhalter (*), Liste oder Leerzeichen'),
      }),
    ]);
  });

  it('takes scheme://host[:port], in any case, international names as the browser sends them', async () => {
    const portal = await createPortal(t, owner, {
      allowedOrigins: ['HTTPS://Ada.Studio:8443', 'https://bücher.example', 'http://127.0.0.1:8080/'],
    });
    expect(portal.allowedOrigins).toEqual([
      'https://ada.studio:8443',
      'https://xn--bcher-kva.example',
      'http://127.0.0.1:8080',
    ]);
  });

  it('leaves a stored origin from before the stricter rule out of frame-ancestors', async () => {
    const { id } = await createPortal(t, owner, { allowedOrigins: ['https://ada.studio'] });
    await t.sql`UPDATE client_portals SET allowed_origins = ${['https://*.com', 'https://ada.studio']}
      WHERE id = ${id}`;
    expect(await allowedOriginsOf(t.sql, id)).toEqual(['https://ada.studio']);
  });

  it('updates only the fields sent', async () => {
    const { id } = await createPortal(t, owner, { primaryColor: '#111111' });
    const res = await send(t, 'PATCH', `/api/portals/${id}`, owner, { portalName: 'Renamed' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ portalName: 'Renamed', primaryColor: '#111111' });
  });

  it('deletes a portal with its clients and says what went', async () => {
    const { id } = await createPortal(t, owner);
    await createClient(t, owner, id);
    await createClient(t, owner, id);
    const res = await send(t, 'DELETE', `/api/portals/${id}`, owner);
    expect(await res.json()).toEqual({ ok: true, deleted: { clients: 2, projects: 0, invoices: 0 } });
    expect((await send(t, 'GET', `/api/portals/${id}`, owner)).status).toBe(404);
  });

  it('answers 422 for a malformed id and 404 for an unknown one', async () => {
    expect((await send(t, 'GET', '/api/portals/not-a-uuid', owner)).status).toBe(422);
    expect((await send(t, 'GET', `/api/portals/${crypto.randomUUID()}`, owner)).status).toBe(404);
  });
});
