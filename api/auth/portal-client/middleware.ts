import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import { recordPortalEvent } from './portal-events';
import { type PortalAuth, revokePortalSession, validatePortalSessionToken } from './portal-session';

/** The validated portal session of a request, set by `requirePortalClient`. */
const sessions = new WeakMap<Context, PortalAuth>();

/** `Authorization: Bearer <id>.<secret>`; anything else is no portal session. */
function bearerToken(c: Context<AppEnv>): string | undefined {
  const match = /^Bearer ([\w.-]{1,200})$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1];
}

/**
 * Requires a portal client session for the portal in the path (`{portalId}`). Only the bearer token
 * counts: provider cookies are ignored, so a provider cannot read a portal through their own session.
 * A session of another portal (spec §5) is ended, recorded as a security event in `portal_events` and
 * logged; the answer is the same 401 as for no session, so the portal sends the client to its login.
 * @example createRoute({ ..., middleware: [requirePortalClient] as const })
 */
export const requirePortalClient: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearerToken(c);
  if (!token) throw new ApiError('unauthorized');
  const { sql, now } = c.get('deps');
  const auth = await validatePortalSessionToken(sql, token, now());
  if (!auth) throw new ApiError('unauthorized');
  const requested = c.req.param('portalId') ?? '';
  // Ids are compared as the database does: a uuid in capitals names the same portal.
  if (requested.toLowerCase() !== auth.portalId) {
    await revokePortalSession(sql, auth.sessionId);
    await recordPortalEvent(
      sql,
      c.get('log'),
      { providerId: auth.providerId, portalId: auth.portalId, clientId: auth.client.id },
      {
        type: 'security',
        metadata: { reason: 'portal_mismatch', requestedPortalId: requested.slice(0, 64) },
      },
    );
    c.get('log').warn(
      { portalId: auth.portalId, requestedPortalId: requested.slice(0, 64), clientId: auth.client.id },
      'portal session used for another portal; session ended',
    );
    throw new ApiError('unauthorized');
  }
  sessions.set(c, auth);
  await next();
};

/**
 * The signed-in portal client inside a handler behind `requirePortalClient`.
 * @example const { providerId, client } = portalClientOf(c)
 */
export function portalClientOf(c: Context<AppEnv>): PortalAuth {
  const auth = sessions.get(c);
  if (!auth) throw new ApiError('unauthorized');
  return auth;
}

/** OpenAPI security requirement of the portal routes (the scheme is registered with the session route). */
export const PORTAL_SECURITY = [{ portalSession: [] }];
