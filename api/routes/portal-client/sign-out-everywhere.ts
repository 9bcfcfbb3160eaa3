import { PortalPathParam, PortalSignedOut } from '../../../shared/contracts/portal-client';
import { portalClientOf } from '../../auth/portal-client/middleware';
import { recordPortalEvent } from '../../auth/portal-client/portal-events';
import { revokeClientSessions } from '../../auth/portal-client/portal-session';
import { errorResponses } from '../../http/openapi';
import { announceSessionsEnded } from '../../realtime/sessions-ended';
import { clientOperation } from '../operation';

/** POST /api/portal/{portalId}/sign-out-everywhere */
export const registerPortalSignOutEverywhere = clientOperation(
  {
    method: 'post',
    path: '/api/portal/{portalId}/sign-out-everywhere',
    operationId: 'portalSignOutEverywhere',
    tags: ['Portal'],
    summary: 'Sign out of all devices',
    description:
      'Ends every portal session of the client, this one included, and records the logout in the portal’s events.',
    request: { params: PortalPathParam },
    responses: {
      200: {
        description: 'Signed out everywhere',
        content: { 'application/json': { schema: PortalSignedOut, example: { ok: true, endedSessions: 3 } } },
      },
      ...errorResponses(401, 403, 422),
    },
  },
  async (c) => {
    const { sql } = c.get('deps');
    const auth = portalClientOf(c);
    const endedSessions = await revokeClientSessions(sql, auth);
    await announceSessionsEnded(c.get('deps'), c.get('log'), auth.providerId);
    await recordPortalEvent(
      sql,
      c.get('log'),
      { providerId: auth.providerId, portalId: auth.portalId, clientId: auth.client.id },
      { type: 'logout', metadata: {} },
    );
    return c.json({ ok: true as const, endedSessions }, 200);
  },
);
