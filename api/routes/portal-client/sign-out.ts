import { PortalPathParam, PortalSignedOut } from '../../../shared/contracts/portal-client';
import { portalClientOf } from '../../auth/portal-client/middleware';
import { recordPortalEvent } from '../../auth/portal-client/portal-events';
import { revokePortalSession } from '../../auth/portal-client/portal-session';
import { errorResponses } from '../../http/openapi';
import { announceSessionsEnded } from '../../realtime/sessions-ended';
import { clientOperation } from '../operation';

/** POST /api/portal/{portalId}/sign-out */
export const registerPortalSignOut = clientOperation(
  {
    method: 'post',
    path: '/api/portal/{portalId}/sign-out',
    operationId: 'portalSignOut',
    tags: ['Portal'],
    summary: 'Sign out',
    description:
      'Ends this portal session (its token stops working at once) and records the logout in the portal’s events.',
    request: { params: PortalPathParam },
    responses: {
      200: {
        description: 'Signed out',
        content: { 'application/json': { schema: PortalSignedOut, example: { ok: true, endedSessions: 1 } } },
      },
      ...errorResponses(401, 403, 422),
    },
  },
  async (c) => {
    const { sql } = c.get('deps');
    const auth = portalClientOf(c);
    const ended = await revokePortalSession(sql, auth.sessionId);
    if (ended) await announceSessionsEnded(c.get('deps'), c.get('log'), auth.providerId);
    await recordPortalEvent(
      sql,
      c.get('log'),
      { providerId: auth.providerId, portalId: auth.portalId, clientId: auth.client.id },
      { type: 'logout', metadata: {} },
    );
    return c.json({ ok: true as const, endedSessions: ended ? 1 : 0 }, 200);
  },
);
