import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalSession } from '../../../shared/contracts/portal-client';
import { PORTAL_ADDRESS_LIMITS } from '../../auth/portal-client/rate-limits';
import { hit } from '../../http/rate-limit';
import { createTestContext, type TestContext } from '../../testing/harness';
import { createClient, createPortal, tempDataDir } from '../portals/testing';
import {
  addClient,
  CLIENT_PASSWORD,
  eventsOf,
  isLive,
  type PortalWorld,
  portalRequest,
  portalWorld,
} from './testing';

let t: TestContext;
let world: PortalWorld;
let elsewhere: PortalWorld;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true', DATA_DIR: tempDataDir() });
  world = await portalWorld(t, 'signin');
  elsewhere = await portalWorld(t, 'elsewhere');
});
afterAll(() => t.close());

const signIn = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  portalRequest(t, 'POST', '/api/portal/sign-in', undefined, body, headers);
const hasPassword = async (body: Record<string, unknown>) => {
  const res = await portalRequest(t, 'POST', '/api/portal/password-status', undefined, body);
  expect(res.status).toBe(200);
  return ((await res.json()) as { hasPassword: boolean }).hasPassword;
};

describe('POST /api/portal/password-status (client_has_password)', () => {
  it('is true for a client with a password, in their portal or without a portal', async () => {
    expect(await hasPassword({ email: world.client.email, portalId: world.portalId })).toBe(true);
    expect(await hasPassword({ email: world.client.email })).toBe(true);
  });

  it('is false for a client without one, for an unknown address and for another portal', async () => {
    const magicOnly = await createClient(t, world.owner, world.portalId, { email: 'magic-only@example.com' });
    expect(await hasPassword({ email: magicOnly.email, portalId: world.portalId })).toBe(false);
    expect(await hasPassword({ email: 'nobody@example.com' })).toBe(false);
    expect(await hasPassword({ email: world.client.email, portalId: elsewhere.portalId })).toBe(false);
  });
});

describe('password-status rate limits', () => {
  const status = (email: string, ip: string) =>
    portalRequest(t, 'POST', '/api/portal/password-status', undefined, { email }, { 'X-Forwarded-For': ip });

  it('answers one address 30 times per 15 minutes from one source, and still answers it from elsewhere', async () => {
    for (let i = 0; i < 30; i++) expect((await status(world.client.email, '198.51.100.40')).status).toBe(200);
    const refused = await status(world.client.email, '198.51.100.40');
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe('rate_limited');
    const owner = await status(world.client.email, '198.51.100.41');
    expect(owner.status).toBe(200);
    expect(await owner.json()).toEqual({ hasPassword: true });
  });

  it('refuses an address from every source after 300 checks in an hour', async () => {
    const email = 'status-ceiling@example.com';
    for (let i = 0; i < 300; i++) {
      await hit(t.sql, PORTAL_ADDRESS_LIMITS.passwordStatus.perAddress[0], email, t.deps.now());
    }
    expect((await status(email, '198.51.100.42')).status).toBe(429);
  });
});

describe('POST /api/portal/sign-in (authenticate_client_password)', () => {
  it('starts a 7-day session for the client and records a password login', async () => {
    const res = await signIn({
      email: world.client.email,
      password: CLIENT_PASSWORD,
      portalId: world.portalId,
    });
    expect(res.status).toBe(200);
    const session = (await res.json()) as PortalSession;
    expect(session.client).toMatchObject({
      id: world.client.id,
      portalId: world.portalId,
      hasPassword: true,
    });
    expect(await isLive(t, session)).toBe(true);
    const events = await eventsOf(t, world.client.id);
    expect(events.at(-1)).toMatchObject({
      event_type: 'login',
      portal_id: world.portalId,
      metadata: { method: 'password' },
    });
  });

  it('signs in without a portal, picking the portal whose password matches', async () => {
    const owner = world.owner;
    const second = await createPortal(t, owner, { portalName: 'Second' });
    const twin = await createClient(t, owner, second.id, { email: world.client.email });
    await portalRequest(
      t,
      'POST',
      `/api/clients/${twin.id}/password`,
      undefined,
      { password: 'twin secret' },
      {
        Cookie: owner,
      },
    );
    const res = await signIn({ email: world.client.email, password: 'twin secret' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as PortalSession).client).toMatchObject({ id: twin.id, portalId: second.id });
  });

  it('answers 401 with the server’s text for a wrong password, an unknown address or another portal', async () => {
    for (const body of [
      { email: world.client.email, password: 'wrong password', portalId: world.portalId },
      { email: 'nobody@example.com', password: CLIENT_PASSWORD },
      { email: world.client.email, password: CLIENT_PASSWORD, portalId: elsewhere.portalId },
    ]) {
      const res = await signIn(body);
      expect(res.status, JSON.stringify(body)).toBe(401);
      expect((await res.json()).error).toMatchObject({
        code: 'invalid_credentials',
        message: 'Invalid email or password',
      });
    }
    const de = await signIn({ email: 'nobody@example.com', password: 'x' }, { 'Accept-Language': 'de' });
    expect((await de.json()).error.message).toBe('Ungültige E-Mail-Adresse oder ungültiges Passwort');
  });

  it('answers the same 401 for a client without a password', async () => {
    await createClient(t, world.owner, world.portalId, { email: 'no-password@example.com' });
    const res = await signIn({
      email: 'no-password@example.com',
      password: 'anything',
      portalId: world.portalId,
    });
    expect(res.status).toBe(401);
  });

  it('needs an e-mail and a password (the contract’s messages)', async () => {
    const res = await signIn({ email: '', password: '' });
    expect(res.status).toBe(422);
    const messages = (await res.json()).error.fields.map((f: { message: string }) => f.message).sort();
    expect(messages).toEqual(['Email is required', 'Password is required']);
  });
});

describe('portal sign-in rate limits', () => {
  it('allows 10 attempts per address from one source in 15 minutes, then 429 there, even with the right password', async () => {
    const client = await addClient(t, world, 'limited');
    const ip = { 'X-Forwarded-For': '198.51.100.20' };
    for (let i = 0; i < 10; i++) {
      expect(
        (await signIn({ email: client.email, password: 'wrong', portalId: world.portalId }, ip)).status,
      ).toBe(401);
    }
    const right = { email: client.email, password: CLIENT_PASSWORD, portalId: world.portalId };
    const res = await signIn(right, ip);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await res.json()).error.message).toMatch(
      /^Too many attempts\. Please try again in \d+ seconds\.$/,
    );
    t.advance(15 * 60_000);
    try {
      expect((await signIn(right, ip)).status).toBe(200);
    } finally {
      t.advance(-15 * 60_000);
    }
  });

  it('does not let a stranger lock the client out: from the client’s own network the password still works', async () => {
    const client = await addClient(t, world, 'not-locked');
    const stranger = { 'X-Forwarded-For': '198.51.100.21' };
    for (let i = 0; i < 12; i++) {
      await signIn({ email: client.email, password: 'guess', portalId: world.portalId }, stranger);
    }
    const right = { email: client.email, password: CLIENT_PASSWORD, portalId: world.portalId };
    expect((await signIn(right, stranger)).status).toBe(429);
    expect((await signIn(right, { 'X-Forwarded-For': '198.51.100.22' })).status).toBe(200);
  });

  it('refuses an address from every source after 100 attempts in an hour', async () => {
    const client = await addClient(t, world, 'spread');
    // 100 attempts spread over other sources, counted as the route counts them (argon2 would take minutes).
    for (let i = 0; i < 100; i++) {
      await hit(t.sql, PORTAL_ADDRESS_LIMITS.signIn.perAddress[0], client.email, t.deps.now());
    }
    const res = await signIn(
      { email: client.email, password: CLIENT_PASSWORD, portalId: world.portalId },
      { 'X-Forwarded-For': '198.51.100.23' },
    );
    expect(res.status).toBe(429);
  });

  it('allows 50 attempts per IP address in 15 minutes', async () => {
    const ip = { 'X-Forwarded-For': '198.51.100.7' };
    for (let i = 0; i < 50; i++) {
      expect((await signIn({ email: `spray-${i}@example.com`, password: 'x' }, ip)).status).toBe(401);
    }
    expect((await signIn({ email: 'spray-last@example.com', password: 'x' }, ip)).status).toBe(429);
  });
});

describe('the portal API on a custom domain (behind a TLS proxy)', () => {
  it('accepts the portal’s calls from its own https origin, while provider routes still refuse that origin', async () => {
    const headers = {
      Origin: 'https://portal.acme.test',
      Host: 'portal.acme.test',
      'Sec-Fetch-Site': 'same-origin',
    };
    const res = await signIn(
      { email: world.client.email, password: CLIENT_PASSWORD, portalId: world.portalId },
      headers,
    );
    expect(res.status).toBe(200);
    const provider = await portalRequest(
      t,
      'POST',
      '/api/portals',
      undefined,
      { portalName: 'X' },
      {
        ...headers,
        Cookie: world.owner,
      },
    );
    expect(provider.status).toBe(403);
    expect((await provider.json()).error.code).toBe('csrf_rejected');
  });

  it('still requires JSON bodies', async () => {
    const res = await t.app.request('/api/portal/sign-in', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
      body: 'email=a%40b.c&password=x',
    });
    expect(res.status).toBe(415);
  });
});
