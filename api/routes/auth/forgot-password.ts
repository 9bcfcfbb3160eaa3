import { ForgotPasswordInput } from '../../../shared/contracts/auth';
import { Ok } from '../../../shared/contracts/common';
import { errorResponses } from '../../http/openapi';
import { clientIp, enforceRateLimit, RATE_LIMITS } from '../../http/rate-limit';
import { requestPasswordReset } from '../../services/auth/password-reset';
import { publicOperation } from '../operation';

/** POST /api/auth/forgot-password */
export const registerForgotPassword = publicOperation(
  {
    method: 'post',
    path: '/api/auth/forgot-password',
    operationId: 'requestPasswordReset',
    tags: ['Auth'],
    summary: 'Request a password-reset e-mail',
    description:
      'Mails a single-use link to choose a new password (valid 1 hour; a newer link voids older ones) when the address has an account. Always answers `{ ok: true }`, the same way and without waiting for the mail, so it does not reveal which addresses have accounts. Limited to 5 per hour per address and 20 per hour per IP.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': { schema: ForgotPasswordInput, example: { email: 'ada@example.com' } },
        },
      },
    },
    responses: {
      200: { description: 'Accepted', content: { 'application/json': { schema: Ok } } },
      ...errorResponses(403, 415, 422, 429),
    },
  },
  async (c) => {
    const { email } = c.req.valid('json');
    await enforceRateLimit(c, RATE_LIMITS.passwordResetIp, clientIp(c));
    await enforceRateLimit(c, RATE_LIMITS.passwordResetEmail, email);
    await requestPasswordReset(c.get('deps'), email);
    return c.json({ ok: true as const }, 200);
  },
);
