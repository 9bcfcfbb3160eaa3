import { Ok } from '../../../shared/contracts/common';
import { clearSessionCookie } from '../../auth/cookie';
import { authenticate, resetAuthentication } from '../../auth/middleware';
import { invalidateSession } from '../../auth/session';
import { ApiError } from '../../http/errors';
import { errorResponses } from '../../http/openapi';
import { announceSessionsEnded } from '../../realtime/sessions-ended';
import { publicOperation } from '../operation';

/** POST /api/auth/sign-out */
export const registerSignOut = publicOperation(
  {
    method: 'post',
    path: '/api/auth/sign-out',
    operationId: 'signOut',
    tags: ['Auth'],
    summary: 'Sign out',
    description:
      'Ends the current session and clears the cookie. 404 `session_not_found` ("Session not found") when there was no valid session; the dashboard treats that as signed out without a warning (spec §8). The cookie is cleared either way.',
    responses: {
      200: { description: 'Signed out', content: { 'application/json': { schema: Ok } } },
      ...errorResponses(403, 404),
    },
  },
  async (c) => {
    const current = await authenticate(c);
    const deps = c.get('deps');
    const ended = current ? await invalidateSession(deps.sql, current.session.id) : false;
    // The session's sockets close at once, on every instance.
    if (current && ended) await announceSessionsEnded(deps, c.get('log'), current.user.id);
    clearSessionCookie(c);
    resetAuthentication(c);
    c.set('provider', undefined);
    if (!ended) throw new ApiError('session_not_found');
    return c.json({ ok: true as const }, 200);
  },
);
