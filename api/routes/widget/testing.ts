import { createHmac, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestContext } from '../../testing/harness';
import { send } from '../account/testing';
import { portalRequest } from '../portal-client/testing';

/** Test helpers for the widget routes. */

/**
 * Signs a handoff token as a provider's backend does (HANDOFF.md's Node example, node:crypto only):
 * header `{ alg: 'HS256', typ: 'JWT' }` unless overridden.
 */
export function signHandoffToken(
  claims: Record<string, unknown>,
  secret: string,
  header: object = {},
): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${encode({ alg: 'HS256', typ: 'JWT', ...header })}.${encode(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** Valid claims for a client of a portal at `now`: 5 minutes of life and a fresh jti. */
export function handoffClaims(
  email: string,
  portalId: string,
  now: Date,
  extra: Record<string, unknown> = {},
) {
  const iat = Math.floor(now.getTime() / 1000);
  return { sub: email, aud: portalId, iat, exp: iat + 300, jti: randomUUID(), ...extra };
}

/** Creates (or rotates) a portal's widget secret through the API; returns it. */
export async function rotateSecret(t: TestContext, cookie: string, portalId: string): Promise<string> {
  const res = await send(t, 'POST', `/api/portals/${portalId}/widget-secret`, cookie);
  expect(res.status).toBe(200);
  return ((await res.json()) as { secret: string }).secret;
}

/** POSTs a token to the exchange as the portal frame does. */
export function exchange(
  t: TestContext,
  portalId: string,
  token: string,
  headers: Record<string, string> = {},
) {
  return portalRequest(t, 'POST', '/api/widget/handoff', undefined, { portalId, token }, headers);
}
