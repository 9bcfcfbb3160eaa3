import { SessionResponse, VerifyEmailInput } from '../../../shared/contracts/auth';
import { assertPasswordNotCommon } from '../../auth/common-passwords';
import { SESSION_EXAMPLE } from '../../auth/session-response';
import { startSession } from '../../auth/start-session';
import { errorResponses } from '../../http/openapi';
import { clientIp, enforceRateLimit, RATE_LIMITS } from '../../http/rate-limit';
import { completeVerification, usableVerificationLink } from '../../services/auth/verify-email';
import { publicOperation } from '../operation';

/** POST /api/auth/verify-email */
export const registerVerifyEmail = publicOperation(
  {
    method: 'post',
    path: '/api/auth/verify-email',
    operationId: 'verifyEmail',
    tags: ['Auth'],
    summary: 'Confirm an e-mail address',
    description:
      'Finishes a sign-up with the token from the verification e-mail (24 hours, only the newest link works) and signs the user in (sets the session cookie). The link alone is not enough, since anyone can sign up with any address: send either `currentPassword` (the one chosen at sign-up) or `newPassword` + `confirmPassword`, which replaces the sign-up password and ends every other session of the account. The token is spent only on success; a wrong `currentPassword` answers 422 `wrong_password` and leaves it usable. 409 `email_already_verified` for a spent or replaced link of a verified address; 400 `invalid_token` otherwise. The link opens a page that waits for the user, so neither a mail scanner nor a forged link can sign a browser in. Limited to 50 attempts per 15 minutes per IP and 10 per account.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: VerifyEmailInput,
            examples: {
              currentPassword: {
                summary: 'With the sign-up password',
                value: {
                  token: 'q3Jx0c7vY1m2Zr8uK4tPz9bWnL6eHs5aDf0gQiRjT2o',
                  currentPassword: 'correct horse battery',
                },
              },
              newPassword: {
                summary: 'Choosing a new password',
                value: {
                  token: 'q3Jx0c7vY1m2Zr8uK4tPz9bWnL6eHs5aDf0gQiRjT2o',
                  newPassword: 'battery staple horse',
                  confirmPassword: 'battery staple horse',
                },
              },
            },
          },
        },
      },
    },
    responses: {
      200: {
        description: 'Verified and signed in',
        content: { 'application/json': { schema: SessionResponse, example: SESSION_EXAMPLE } },
      },
      ...errorResponses(400, 403, 409, 415, 422, 429),
    },
  },
  async (c) => {
    const input = c.req.valid('json');
    if (input.newPassword !== undefined) assertPasswordNotCommon(input.newPassword, 'newPassword');
    await enforceRateLimit(c, RATE_LIMITS.verifyEmailIp, clientIp(c));
    const { sql, now } = c.get('deps');
    const link = await usableVerificationLink(sql, input.token, now());
    await enforceRateLimit(c, RATE_LIMITS.verifyEmailUser, link.userId);
    const userId = await completeVerification(sql, link, input, now());
    return c.json(await startSession(c, userId), 200);
  },
);
