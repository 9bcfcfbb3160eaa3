import { SessionIdParam } from '../../../shared/contracts/account';
import { Ok } from '../../../shared/contracts/common';
import { clearSessionCookie } from '../../auth/cookie';
import { resetAuthentication } from '../../auth/middleware';
import { errorResponses } from '../../http/openapi';
import { announceSessionsEnded } from '../../realtime/sessions-ended';
import { endSession } from '../../services/account/sessions';
import { providerOperation } from '../operation';

/** DELETE /api/account/sessions/{id} */
export const registerEndSession = providerOperation(
  {
    method: 'delete',
    path: '/api/account/sessions/{id}',
    operationId: 'endSession',
    tags: ['Account'],
    summary: 'Sign out one session',
    description:
      'Ends one of your sessions (e.g. a lost laptop). Ending the current one also clears the cookie. 404 `session_not_found` for an unknown id or another account’s session.',
    request: { params: SessionIdParam },
    responses: {
      200: { description: 'The session was ended', content: { 'application/json': { schema: Ok } } },
      ...errorResponses(401, 403, 404),
    },
  },
  async (c, scope) => {
    const { id } = c.req.valid('param');
    await endSession(c.get('deps').sql, scope, id);
    await announceSessionsEnded(c.get('deps'), c.get('log'), scope.providerId);
    if (id === scope.sessionId) {
      clearSessionCookie(c);
      resetAuthentication(c);
      c.set('provider', undefined);
    }
    return c.json({ ok: true as const }, 200);
  },
);
