import { ResetPasswordInput, ResetPasswordResponse } from '../../../shared/contracts/auth';
import { assertPasswordNotCommon } from '../../auth/common-passwords';
import { clearSessionCookie, readSessionCookie } from '../../auth/cookie';
import { resetAuthentication } from '../../auth/middleware';
import { errorResponses } from '../../http/openapi';
import { clientIp, enforceRateLimit, RATE_LIMITS } from '../../http/rate-limit';
import { announceSessionsEnded } from '../../realtime/sessions-ended';
import { completePasswordReset } from '../../services/auth/password-reset';
import { publicOperation } from '../operation';

/** POST /api/auth/reset-password */
export const registerResetPassword = publicOperation(
  {
    method: 'post',
    path: '/api/auth/reset-password',
    operationId: 'resetPassword',
    tags: ['Auth'],
    summary: 'Set a new password with a reset link',
    description:
      'Spends the token from the password-reset e-mail (single use, 1 hour, only the newest link works), sets the new password (at least 6 characters, spec §5, and not one of the 10,000 most common), marks the address verified (the link proves it) and ends EVERY session of the account, this browser’s included: the user signs in again with the new password (`email` is returned to fill in the form). 400 `invalid_token` for an unknown, used, replaced or expired link. The mailed link opens a page that sends this only when the user submits. Limited to 30 per 15 minutes per IP.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: ResetPasswordInput,
            example: {
              token: 'q3Jx0c7vY1m2Zr8uK4tPz9bWnL6eHs5aDf0gQiRjT2o',
              newPassword: 'battery staple horse',
              confirmPassword: 'battery staple horse',
            },
          },
        },
      },
    },
    responses: {
      200: {
        description: 'Password changed; every session ended',
        content: { 'application/json': { schema: ResetPasswordResponse } },
      },
      ...errorResponses(400, 403, 415, 422, 429),
    },
  },
  async (c) => {
    const input = c.req.valid('json');
    assertPasswordNotCommon(input.newPassword, 'newPassword');
    await enforceRateLimit(c, RATE_LIMITS.passwordResetConsumeIp, clientIp(c));
    const { email, userId, endedSessions } = await completePasswordReset(c.get('deps'), input);
    if (endedSessions) await announceSessionsEnded(c.get('deps'), c.get('log'), userId);
    // Whatever session this browser had is gone with the others; drop its cookie too.
    if (readSessionCookie(c)) clearSessionCookie(c);
    resetAuthentication(c);
    c.set('provider', undefined);
    return c.json({ ok: true as const, email }, 200);
  },
);
