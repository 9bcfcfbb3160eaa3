import { SignOutEverywhereResponse } from '../../../shared/contracts/account';
import { clearSessionCookie } from '../../auth/cookie';
import { resetAuthentication } from '../../auth/middleware';
import { errorResponses } from '../../http/openapi';
import { announceSessionsEnded } from '../../realtime/sessions-ended';
import { endAllSessions } from '../../services/account/sessions';
import { providerOperation } from '../operation';

/** POST /api/account/sessions/sign-out-everywhere */
export const registerSignOutEverywhere = providerOperation(
  {
    method: 'post',
    path: '/api/account/sessions/sign-out-everywhere',
    operationId: 'signOutEverywhere',
    tags: ['Account'],
    summary: 'Sign out everywhere',
    description:
      'Ends every session of the account, this one included, and clears the cookie; the dashboard then goes to /auth.',
    responses: {
      200: {
        description: 'Signed out on every device',
        content: { 'application/json': { schema: SignOutEverywhereResponse } },
      },
      ...errorResponses(401, 403),
    },
  },
  async (c, scope) => {
    const endedSessions = await endAllSessions(c.get('deps').sql, scope);
    await announceSessionsEnded(c.get('deps'), c.get('log'), scope.providerId);
    clearSessionCookie(c);
    resetAuthentication(c);
    c.set('provider', undefined);
    return c.json({ ok: true as const, endedSessions }, 200);
  },
);
