import { PortalPathParam, PortalSessionInfo } from '../../../shared/contracts/portal-client';
import { portalClientOf } from '../../auth/portal-client/middleware';
import { toSessionInfo } from '../../auth/portal-client/portal-session';
import { errorResponses } from '../../http/openapi';
import { clientOperation } from '../operation';
import { SESSION_EXAMPLE } from './examples';

const { token: _token, ...INFO_EXAMPLE } = SESSION_EXAMPLE;

/** GET /api/portal/{portalId}/session */
export const registerPortalSession = clientOperation(
  {
    method: 'get',
    path: '/api/portal/{portalId}/session',
    operationId: 'portalGetSession',
    tags: ['Portal'],
    summary: 'The current portal session',
    description:
      'The signed-in client and the session’s dates, for the portal’s guard. 401 without a live session of this portal. A session of ANOTHER portal is ended and recorded as a security event (spec §5), then answered with the same 401.',
    request: { params: PortalPathParam },
    responses: {
      200: {
        description: 'The session',
        content: { 'application/json': { schema: PortalSessionInfo, example: INFO_EXAMPLE } },
      },
      ...errorResponses(401, 422),
    },
  },
  (c) => c.json(toSessionInfo(portalClientOf(c)), 200),
);
