import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createPortalSession } from '../../auth/portal-client/portal-session';
import type { TestContext } from '../../testing/harness';
import { send } from '../account/testing';

/** Test helpers for the portal, client and domain routes. */

/** A private DATA_DIR for a test file, so uploaded logos never land in ./data. */
export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'portal-test-'));
}

/** Creates a portal through the API and returns it. */
export async function createPortal(t: TestContext, cookie: string, body: Record<string, unknown> = {}) {
  const res = await send(t, 'POST', '/api/portals', cookie, { portalName: 'Studio', ...body });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; [key: string]: unknown };
}

/** Creates a client through the API and returns it. */
export async function createClient(
  t: TestContext,
  cookie: string,
  portalId: string,
  body: Record<string, unknown> = {},
) {
  const res = await send(t, 'POST', '/api/clients', cookie, {
    name: 'Grace Hopper',
    email: `grace-${crypto.randomUUID().slice(0, 8)}@example.com`,
    portalId,
    ...body,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; email: string; [key: string]: unknown };
}

export interface GuardedRequest {
  method: string;
  path: string;
  body?: unknown;
}

const portalTokens = new WeakMap<TestContext, Promise<string>>();

/**
 * A real portal-client bearer token (a 7-day portal session, as /api/portal/sign-in issues) of the first
 * client in the database, which in these suites belongs to the owner of the objects under test; checked
 * against the portal API so the suite never passes on a token that would not work anywhere.
 */
function portalClientToken(t: TestContext, stranger: string): Promise<string> {
  let token = portalTokens.get(t);
  if (!token) {
    token = (async () => {
      type Row = { id: string; portal_id: string; provider_id: string };
      let [row] = await t.sql<
        Row[]
      >`SELECT id, portal_id, provider_id FROM clients ORDER BY created_at LIMIT 1`;
      if (!row) {
        const portal = await createPortal(t, stranger, { portalName: 'Bearer portal' });
        const client = await createClient(t, stranger, portal.id);
        [row] = await t.sql<Row[]>`SELECT id, portal_id, provider_id FROM clients WHERE id = ${client.id}`;
      }
      if (!row) throw new Error('no client to sign in to the portal');
      const session = await createPortalSession(
        t.sql,
        { id: row.id, portalId: row.portal_id, providerId: row.provider_id },
        'password',
        t.deps.now(),
      );
      const check = await t.app.request(`/api/portal/${row.portal_id}/session`, {
        headers: { Authorization: `Bearer ${session.token}` },
      });
      expect(check.status, 'the portal client token works on the portal API').toBe(200);
      return session.token;
    })();
    portalTokens.set(t, token);
  }
  return token;
}

/**
 * The shared security suite of a provider route: signed out → 401; a signed-in portal client's bearer
 * token (no provider cookie) → 401; the other provider's cookie on the owner's object → 404 `not_found`.
 */
export async function expectProviderOnly(t: TestContext, stranger: string, req: GuardedRequest) {
  const signedOut = await send(t, req.method, req.path, undefined, req.body);
  expect(signedOut.status, `${req.method} ${req.path} signed out`).toBe(401);
  const bearer = await send(t, req.method, req.path, undefined, req.body, {
    Authorization: `Bearer ${await portalClientToken(t, stranger)}`,
  });
  expect(bearer.status, `${req.method} ${req.path} as a signed-in portal client`).toBe(401);
  const other = await send(t, req.method, req.path, stranger, req.body);
  expect(other.status, `${req.method} ${req.path} as another provider`).toBe(404);
  expect(((await other.json()) as { error: { code: string } }).error.code).toBe('not_found');
}
