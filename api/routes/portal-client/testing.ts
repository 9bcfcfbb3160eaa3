import { expect } from 'vitest';
import type { PortalSession } from '../../../shared/contracts/portal-client';
import { freshIp, outbox, signedInProvider } from '../../auth/testing';
import { jsonHeaders, type TestContext } from '../../testing/harness';
import { send } from '../account/testing';
import { createClient, createPortal } from '../portals/testing';

/** Test helpers for the client portal routes: requests as the portal app sends them (bearer, JSON). */

export const CLIENT_PASSWORD = 'client secret 1';

/** A portal request with an optional bearer token, from its own IP (per-IP limits stay apart). */
export function portalRequest(
  t: TestContext,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.request(path, {
    method,
    headers: jsonHeaders({
      'X-Forwarded-For': freshIp(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    }),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

export interface PortalWorld {
  /** The provider's session cookie. */
  owner: string;
  providerId: string;
  portalId: string;
  client: { id: string; email: string };
}

/** A provider with a portal and one client (with a password unless `withPassword: false`). */
export async function portalWorld(
  t: TestContext,
  label: string,
  opts: { withPassword?: boolean; owner?: string; clientBody?: Record<string, unknown> } = {},
): Promise<PortalWorld> {
  const owner = opts.owner ?? (await signedInProvider(t, `${label}-owner@example.com`));
  const portal = await createPortal(t, owner, { portalName: `${label} portal`, primaryColor: '#0f766e' });
  const client = await createClient(t, owner, portal.id, {
    name: `${label} client`,
    email: `${label}-client@example.com`,
    ...opts.clientBody,
  });
  if (opts.withPassword !== false) {
    const res = await send(t, 'POST', `/api/clients/${client.id}/password`, owner, {
      password: CLIENT_PASSWORD,
    });
    expect(res.status).toBe(200);
  }
  const session = await send(t, 'GET', '/api/auth/session', owner);
  const providerId = String(((await session.json()) as { user: { id: string } }).user.id);
  return { owner, providerId, portalId: portal.id, client: { id: client.id, email: client.email } };
}

/** Adds another client to a world's portal. */
export async function addClient(t: TestContext, world: PortalWorld, label: string) {
  const client = await createClient(t, world.owner, world.portalId, {
    name: `${label} client`,
    email: `${label}-client@example.com`,
  });
  await send(t, 'POST', `/api/clients/${client.id}/password`, world.owner, { password: CLIENT_PASSWORD });
  return { id: client.id, email: client.email };
}

/** Signs a client in with their password; returns the session the portal would store. */
export async function passwordSession(
  t: TestContext,
  email: string,
  portalId?: string,
): Promise<PortalSession> {
  const res = await portalRequest(t, 'POST', '/api/portal/sign-in', undefined, {
    email,
    password: CLIENT_PASSWORD,
    ...(portalId ? { portalId } : {}),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as PortalSession;
}

/** The token of the newest magic link mailed to `to` (from the development outbox). */
export async function latestMagicLinkToken(t: TestContext, to: string): Promise<string> {
  const [mail] = await outbox(t, to);
  const token = mail?.text.match(/\/auth\?token=([\w%-]+)/)?.[1];
  expect(token, `a magic link was mailed to ${to}`).toBeDefined();
  return decodeURIComponent(token ?? '');
}

/** Requests a magic link for `email` in `portalId`; returns the mailed token. */
export async function requestLink(t: TestContext, email: string, portalId?: string): Promise<string> {
  const res = await portalRequest(t, 'POST', '/api/portal/magic-link', undefined, {
    email,
    ...(portalId ? { portalId } : {}),
  });
  expect(res.status).toBe(200);
  return latestMagicLinkToken(t, email);
}

/** POSTs a magic-link token as the portal's "Continue" button does. */
export function consume(t: TestContext, token: string, portalId?: string) {
  return portalRequest(t, 'POST', '/api/portal/magic-link/consume', undefined, {
    token,
    ...(portalId ? { portalId } : {}),
  });
}

/** The portal_events rows of a client, oldest first. */
export function eventsOf(t: TestContext, clientId: string) {
  return t.sql<{ event_type: string; metadata: Record<string, unknown>; portal_id: string }[]>`
    SELECT event_type, metadata, portal_id FROM portal_events WHERE client_id = ${clientId}
    ORDER BY created_at, id`;
}

/** Whether a portal token still opens its portal. */
export async function isLive(t: TestContext, session: PortalSession): Promise<boolean> {
  const res = await portalRequest(t, 'GET', `/api/portal/${session.client.portalId}/session`, session.token);
  return res.status === 200;
}

export interface PortalRouteCase {
  method: string;
  /** The path for a portal; `{portalId}` is replaced. */
  path: string;
  body?: unknown;
}

const pathFor = (route: PortalRouteCase, portalId: string) => route.path.replace('{portalId}', portalId);

/**
 * The shared security suite of a signed-in portal route (run before its own cases):
 * signed out → 401; a malformed or unknown bearer → 401; the provider's own cookie → 401 (only portal
 * sessions count); a client of ANOTHER portal on this portal's path → 401, and that session is ended and
 * recorded as a security event (spec §5).
 */
export async function expectPortalClientOnly(
  t: TestContext,
  route: PortalRouteCase,
  world: PortalWorld,
  stranger: PortalWorld,
) {
  const path = pathFor(route, world.portalId);
  const label = `${route.method} ${route.path}`;
  const signedOut = await portalRequest(t, route.method, path, undefined, route.body);
  expect(signedOut.status, `${label} signed out`).toBe(401);
  expect(((await signedOut.json()) as { error: { code: string } }).error.code).toBe('unauthorized');

  for (const token of ['garbage', 'abc.def', `${'a'.repeat(32)}.${'b'.repeat(32)}`]) {
    const res = await portalRequest(t, route.method, path, token, route.body);
    expect(res.status, `${label} with bearer ${token}`).toBe(401);
  }

  const cookie = await portalRequest(t, route.method, path, undefined, route.body, { Cookie: world.owner });
  expect(cookie.status, `${label} with the provider's cookie`).toBe(401);

  const other = await passwordSession(t, stranger.client.email, stranger.portalId);
  const crossed = await portalRequest(t, route.method, path, other.token, route.body);
  expect(crossed.status, `${label} as another portal's client`).toBe(401);
  expect(await isLive(t, other), 'the mismatched session was ended').toBe(false);
  const [security] = await t.sql<{ metadata: Record<string, unknown>; portal_id: string }[]>`
    SELECT metadata, portal_id FROM portal_events
    WHERE client_id = ${stranger.client.id} AND event_type = 'security'
    ORDER BY created_at DESC, id DESC LIMIT 1`;
  expect(security?.portal_id).toBe(stranger.portalId);
  expect(security?.metadata).toEqual({ reason: 'portal_mismatch', requestedPortalId: world.portalId });
}

/**
 * Runs `attempt` while the database refuses to store any session of `clientId` (a trigger raises, as a
 * full disk or a lost connection would), then lets it store them again.
 */
export async function withSessionsRefused(t: TestContext, clientId: string, attempt: () => Promise<void>) {
  await t.sql.unsafe(
    `CREATE FUNCTION refuse_session() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN RAISE EXCEPTION 'sessions are down'; END $$`,
  );
  await t.sql.unsafe(
    `CREATE TRIGGER refuse_session BEFORE INSERT ON portal_sessions FOR EACH ROW
     WHEN (NEW.client_id = '${clientId}') EXECUTE FUNCTION refuse_session()`,
  );
  try {
    await attempt();
  } finally {
    await t.sql.unsafe('DROP TRIGGER refuse_session ON portal_sessions');
    await t.sql.unsafe('DROP FUNCTION refuse_session()');
  }
}
