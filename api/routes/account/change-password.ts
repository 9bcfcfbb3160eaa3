import { ChangePasswordInput, ChangePasswordResponse } from '../../../shared/contracts/account';
import { assertPasswordNotCommon } from '../../auth/common-passwords';
import { errorResponses } from '../../http/openapi';
import { clientIp, enforceRateLimit, RATE_LIMITS } from '../../http/rate-limit';
import { announceSessionsEnded } from '../../realtime/sessions-ended';
import { changePassword } from '../../services/account/change-password';
import { providerOperation } from '../operation';

/** POST /api/account/password */
export const registerChangePassword = providerOperation(
  {
    method: 'post',
    path: '/api/account/password',
    operationId: 'changePassword',
    tags: ['Account'],
    summary: 'Change your password',
    description:
      'Checks the current password, sets the new one (at least 6 characters, spec §5, not one of the 10,000 most common; `confirmPassword` must match) and signs out every OTHER session of the account (and voids open password-reset links); this one stays signed in. 422 `wrong_password` (with `fields`) when the current password is wrong. Limited like sign-in: 10 attempts per 15 minutes per account and 50 per IP.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: ChangePasswordInput,
            example: {
              currentPassword: 'correct horse battery',
              newPassword: 'battery staple horse',
              confirmPassword: 'battery staple horse',
            },
          },
        },
      },
    },
    responses: {
      200: {
        description: 'Password changed; other sessions ended',
        content: { 'application/json': { schema: ChangePasswordResponse } },
      },
      ...errorResponses(401, 403, 415, 422, 429),
    },
  },
  async (c, scope) => {
    const input = c.req.valid('json');
    assertPasswordNotCommon(input.newPassword, 'newPassword');
    await enforceRateLimit(c, RATE_LIMITS.signInIp, clientIp(c));
    await enforceRateLimit(c, RATE_LIMITS.passwordCheckUser, scope.providerId);
    const { sql, now } = c.get('deps');
    const endedSessions = await changePassword(sql, scope, input, now());
    if (endedSessions) await announceSessionsEnded(c.get('deps'), c.get('log'), scope.providerId);
    return c.json({ ok: true as const, endedSessions }, 200);
  },
);
