import type { PortalSession } from '../../../shared/contracts/portal-client';
import { clientsByEmail } from '../../auth/portal-client/find-clients';
import type { SignInMethod } from '../../auth/portal-client/portal-session';
import { startPortalSession } from '../../auth/portal-client/sign-in';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';
import type { Logger } from '../../http/logger';
import type { RateLimitRule } from '../../http/rate-limit';
import { verifyHandoffToken } from './handoff-token';

/** The exchange is called once per widget visit; this bounds token guessing from one address. */
export const HANDOFF_RATE_LIMIT = {
  name: 'widget-handoff:ip',
  limit: 60,
  windowMs: 15 * 60_000,
} satisfies RateLimitRule;

/**
 * How a handoff sign-in is recorded (`portal_sessions.method`, the login event's `metadata.method`).
 * Migration 0005 allows the value in the table; the portal's `SignInMethod` type does not list it yet.
 */
const HANDOFF_METHOD = 'handoff' as unknown as SignInMethod;

/**
 * Identity handoff: checks a provider-signed token for the portal (signature with the portal's secret,
 * audience, lifetime, expiry), finds the client by the token's e-mail in that portal, burns the token's
 * `jti` (single use) and starts a portal session like any other sign-in (recorded as a login event).
 * @throws ApiError `not_found` (no such portal), `handoff_not_configured`, the codes of
 *   `verifyHandoffToken`, `handoff_unknown_client`, `handoff_replayed`
 */
export async function exchangeHandoff(
  sql: Sql,
  log: Logger,
  input: { portalId: string; token: string },
  now: Date,
  meta: { userAgent?: string | undefined; ip?: string | undefined },
): Promise<{ session: PortalSession; providerId: string }> {
  const [portal] = await sql<{ secret: string | null }[]>`
    SELECT s.secret FROM client_portals p LEFT JOIN widget_secrets s ON s.portal_id = p.id
    WHERE p.id = ${input.portalId}`;
  if (!portal) throw new ApiError('not_found');
  const secret = portal.secret;
  if (!secret) throw new ApiError('handoff_not_configured');
  const claims = verifyHandoffToken(input.token, secret, { portalId: input.portalId, now });

  const [client] = await clientsByEmail(sql, claims.sub, input.portalId);
  if (!client) throw new ApiError('handoff_unknown_client');

  // Single use: the first exchange of a jti records it until the token expires; any later one is a replay.
  // (Expired records go in the same statement: an expired token never gets this far.) The record and the
  // session are one transaction, so a session that cannot be stored leaves the token unspent.
  const session = await startPortalSession(sql, log, client, HANDOFF_METHOD, now, meta, async (tx) => {
    const burned = await tx`
      WITH expired AS (DELETE FROM widget_handoff_jtis WHERE expires_at < ${now})
      INSERT INTO widget_handoff_jtis (portal_id, jti, expires_at)
      VALUES (${input.portalId}, ${claims.jti}, ${new Date(claims.exp * 1000)})
      ON CONFLICT (portal_id, jti) DO NOTHING
      RETURNING jti`;
    if (burned.length === 0) throw new ApiError('handoff_replayed');
  });
  return { session, providerId: client.provider_id };
}
