import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/harness';
import { tempDataDir } from '../portals/testing';
import {
  eventsOf,
  expectPortalClientOnly,
  isLive,
  type PortalRouteCase,
  type PortalWorld,
  passwordSession,
  portalRequest,
  portalWorld,
} from './testing';

let t: TestContext;
let world: PortalWorld;
let stranger: PortalWorld;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true', DATA_DIR: tempDataDir() });
  world = await portalWorld(t, 'home');
  stranger = await portalWorld(t, 'stranger');
});
afterAll(() => t.close());

/** Every route that needs a portal session. */
const SIGNED_IN_ROUTES: PortalRouteCase[] = [
  { method: 'GET', path: '/api/portal/{portalId}/session' },
  { method: 'POST', path: '/api/portal/{portalId}/sign-out' },
  { method: 'POST', path: '/api/portal/{portalId}/sign-out-everywhere' },
  { method: 'PATCH', path: '/api/portal/{portalId}/profile', body: { name: 'Hijacked' } },
  {
    method: 'POST',
    path: '/api/portal/{portalId}/password',
    body: { currentPassword: 'x', password: 'hijacked', confirmPassword: 'hijacked' },
  },
  { method: 'GET', path: '/api/portal/{portalId}/dashboard' },
  { method: 'GET', path: '/api/portal/{portalId}/projects' },
  { method: 'GET', path: '/api/portal/{portalId}/invoices' },
];

describe('security of every signed-in portal route', () => {
  for (const route of SIGNED_IN_ROUTES) {
    it(`${route.method} ${route.path} accepts only a session of this portal`, async () => {
      await expectPortalClientOnly(t, route, world, stranger);
    });
  }

  it('changed nothing for the owner’s client while the suite ran', async () => {
    const [row] = await t.sql<{ name: string }[]>`SELECT name FROM clients WHERE id = ${world.client.id}`;
    expect(row?.name).toBe('home client');
  });
});

describe('GET /api/portal/{portalId}/session', () => {
  it('returns the client and the session’s dates', async () => {
    const session = await passwordSession(t, world.client.email, world.portalId);
    const res = await portalRequest(t, 'GET', `/api/portal/${world.portalId}/session`, session.token);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      client: session.client,
      expiresAt: session.expiresAt,
      createdAt: session.createdAt,
    });
    expect(JSON.stringify(body)).not.toContain(session.token);
  });

  it('ends after 7 days, and the expired row is deleted', async () => {
    const session = await passwordSession(t, world.client.email, world.portalId);
    t.advance(7 * 24 * 60 * 60 * 1000 - 60_000);
    try {
      expect(await isLive(t, session)).toBe(true);
      t.advance(60_000);
      expect(await isLive(t, session)).toBe(false);
    } finally {
      t.advance(-(7 * 24 * 60 * 60 * 1000));
    }
    const [row] = await t.sql`SELECT 1 FROM portal_sessions WHERE id = ${session.token.split('.')[0] ?? ''}`;
    expect(row).toBeUndefined();
  });

  it('refuses a token whose secret is wrong', async () => {
    const session = await passwordSession(t, world.client.email, world.portalId);
    const [id] = session.token.split('.');
    const forged = `${id}.${'a'.repeat(32)}`;
    const res = await portalRequest(t, 'GET', `/api/portal/${world.portalId}/session`, forged);
    expect(res.status).toBe(401);
    expect(await isLive(t, session)).toBe(true);
  });

  it('ends a session used on another portal’s path, logs a security event, and tells nothing about that portal', async () => {
    const session = await passwordSession(t, world.client.email, world.portalId);
    const res = await portalRequest(t, 'GET', `/api/portal/${stranger.portalId}/session`, session.token);
    expect(res.status).toBe(401);
    expect(await isLive(t, session)).toBe(false);
    const events = await eventsOf(t, world.client.id);
    expect(events.at(-1)).toMatchObject({
      event_type: 'security',
      portal_id: world.portalId,
      metadata: { reason: 'portal_mismatch', requestedPortalId: stranger.portalId },
    });
  });

  it('stops working when the provider deletes the client', async () => {
    const gone = await portalWorld(t, 'gone', { owner: world.owner });
    const session = await passwordSession(t, gone.client.email, gone.portalId);
    await portalRequest(t, 'DELETE', `/api/clients/${gone.client.id}`, undefined, undefined, {
      Cookie: world.owner,
    });
    expect(await isLive(t, session)).toBe(false);
  });
});

describe('signing out', () => {
  it('POST sign-out ends this session only and records the logout', async () => {
    const here = await passwordSession(t, world.client.email, world.portalId);
    const there = await passwordSession(t, world.client.email, world.portalId);
    const res = await portalRequest(t, 'POST', `/api/portal/${world.portalId}/sign-out`, here.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, endedSessions: 1 });
    expect(await isLive(t, here)).toBe(false);
    expect(await isLive(t, there)).toBe(true);
    expect((await eventsOf(t, world.client.id)).at(-1)).toMatchObject({ event_type: 'logout', metadata: {} });
  });

  it('POST sign-out-everywhere ends every session of the client, and no other client’s', async () => {
    const neighbour = await portalWorld(t, 'neighbour', { owner: world.owner });
    const theirs = await passwordSession(t, neighbour.client.email, neighbour.portalId);
    const a = await passwordSession(t, world.client.email, world.portalId);
    const b = await passwordSession(t, world.client.email, world.portalId);
    const res = await portalRequest(t, 'POST', `/api/portal/${world.portalId}/sign-out-everywhere`, a.token);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { endedSessions: number }).endedSessions).toBeGreaterThanOrEqual(2);
    expect(await isLive(t, a)).toBe(false);
    expect(await isLive(t, b)).toBe(false);
    expect(await isLive(t, theirs)).toBe(true);
  });
});
