import { DeleteAccountInput } from '../../../shared/contracts/account';
import { Ok } from '../../../shared/contracts/common';
import { clearSessionCookie } from '../../auth/cookie';
import { resetAuthentication } from '../../auth/middleware';
import { errorResponses } from '../../http/openapi';
import { clientIp, enforceRateLimit, RATE_LIMITS } from '../../http/rate-limit';
import { announceSessionsEnded } from '../../realtime/sessions-ended';
import { deleteAccount } from '../../services/account/delete-account';
import { providerOperation } from '../operation';

/** DELETE /api/account */
export const registerDeleteAccount = providerOperation(
  {
    method: 'delete',
    path: '/api/account',
    operationId: 'deleteAccount',
    tags: ['Account'],
    summary: 'Delete your account',
    description:
      'Permanently deletes the account and everything it owns (profile, sessions, portals, clients, projects, invoices, portal events, and its stored files such as portal logos) after checking the password; `confirm` must be the word `DELETE`. Clears the cookie. 422 `wrong_password` (with `fields`) for a wrong password. Limited like sign-in.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: DeleteAccountInput,
            example: { password: 'correct horse battery', confirm: 'DELETE' },
          },
        },
      },
    },
    responses: {
      200: { description: 'The account is deleted', content: { 'application/json': { schema: Ok } } },
      ...errorResponses(401, 403, 415, 422, 429),
    },
  },
  async (c, scope) => {
    const { password } = c.req.valid('json');
    await enforceRateLimit(c, RATE_LIMITS.signInIp, clientIp(c));
    await enforceRateLimit(c, RATE_LIMITS.passwordCheckUser, scope.providerId);
    await deleteAccount({ ...c.get('deps'), log: c.get('log') }, scope, password);
    await announceSessionsEnded(c.get('deps'), c.get('log'), scope.providerId);
    clearSessionCookie(c);
    resetAuthentication(c);
    c.set('provider', undefined);
    return c.json({ ok: true as const }, 200);
  },
);
