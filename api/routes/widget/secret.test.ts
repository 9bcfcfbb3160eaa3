import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';
import { type PortalWorld, portalWorld } from '../portal-client/testing';
import { expectProviderOnly, tempDataDir } from '../portals/testing';
import { exchange, handoffClaims, rotateSecret, signHandoffToken } from './testing';

let t: TestContext;
let world: PortalWorld;
let stranger: PortalWorld;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true', DATA_DIR: tempDataDir() });
  world = await portalWorld(t, 'secret');
  stranger = await portalWorld(t, 'secret-stranger');
});
afterAll(() => t.close());

const path = () => `/api/portals/${world.portalId}/widget-secret`;
const status = async (portalId = world.portalId, cookie = world.owner) => {
  const res = await send(t, 'GET', `/api/portals/${portalId}/widget-secret`, cookie);
  expect(res.status).toBe(200);
  return (await res.json()) as { configured: boolean; createdAt: string | null; hint: string | null };
};

describe('widget secret routes: tenant scoping', () => {
  it('answers 401 signed out or with a bearer token, and 404 to another provider', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      await expectProviderOnly(t, stranger.owner, { method, path: path() });
    }
    // The stranger's attempts changed nothing.
    expect((await status()).configured).toBe(false);
  });

  it('answers 404 for a portal that does not exist and 422 for a malformed id', async () => {
    const missing = await send(t, 'POST', `/api/portals/${crypto.randomUUID()}/widget-secret`, world.owner);
    expect(missing.status).toBe(404);
    expect((await send(t, 'POST', '/api/portals/not-a-uuid/widget-secret', world.owner)).status).toBe(422);
  });

  it('refuses a cross-site rotation (CSRF)', async () => {
    const res = await send(t, 'POST', path(), world.owner, undefined, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await status()).configured).toBe(false);
  });
});

describe('widget secret routes: create, rotate, delete', () => {
  it('shows the secret once, then only its hint', async () => {
    expect(await status()).toEqual({ configured: false, createdAt: null, hint: null });
    const res = await send(t, 'POST', path(), world.owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const created = (await res.json()) as { secret: string; hint: string; createdAt: string };
    expect(created.secret).toMatch(/^cpws_[\w-]{43}$/);
    expect(created.hint).toBe(created.secret.slice(-4));

    const after = await status();
    expect(after).toEqual({ configured: true, createdAt: created.createdAt, hint: created.hint });
    const portal = await (await send(t, 'GET', `/api/portals/${world.portalId}`, world.owner)).text();
    const list = await (await send(t, 'GET', '/api/portals', world.owner)).text();
    for (const body of [JSON.stringify(after), portal, list]) expect(body).not.toContain(created.secret);
  });

  it('rotation replaces the secret at once: old tokens are refused, new ones work', async () => {
    const old = await rotateSecret(t, world.owner, world.portalId);
    const fresh = await rotateSecret(t, world.owner, world.portalId);
    expect(fresh).not.toBe(old);
    const now = t.deps.now();
    const stale = await exchange(
      t,
      world.portalId,
      signHandoffToken(handoffClaims(world.client.email, world.portalId, now), old),
    );
    expect(stale.status).toBe(401);
    expect((await stale.json()).error.code).toBe('handoff_bad_signature');
    const ok = await exchange(
      t,
      world.portalId,
      signHandoffToken(handoffClaims(world.client.email, world.portalId, now), fresh),
    );
    expect(ok.status).toBe(200);
  });

  it('delete turns handoff off until a new secret is created', async () => {
    const secret = await rotateSecret(t, world.owner, world.portalId);
    const res = await send(t, 'DELETE', path(), world.owner);
    expect(res.status).toBe(200);
    expect((await status()).configured).toBe(false);
    const token = signHandoffToken(handoffClaims(world.client.email, world.portalId, t.deps.now()), secret);
    const refused = await exchange(t, world.portalId, token);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('handoff_not_configured');
  });

  it('a secret belongs to one portal: the stranger’s own secret is separate', async () => {
    const mine = await rotateSecret(t, world.owner, world.portalId);
    const theirs = await rotateSecret(t, stranger.owner, stranger.portalId);
    expect(theirs).not.toBe(mine);
    expect((await status(stranger.portalId, stranger.owner)).hint).toBe(theirs.slice(-4));
    expect((await status()).hint).toBe(mine.slice(-4));
  });
});
