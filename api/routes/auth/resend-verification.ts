import { ResendVerificationInput } from '../../../shared/contracts/auth';
import { Ok } from '../../../shared/contracts/common';
import { errorResponses } from '../../http/openapi';
import { clientIp, enforceRateLimit, RATE_LIMITS } from '../../http/rate-limit';
import { sendVerification } from '../../services/auth/send-verification';
import { publicOperation } from '../operation';

/** POST /api/auth/resend-verification */
export const registerResendVerification = publicOperation(
  {
    method: 'post',
    path: '/api/auth/resend-verification',
    operationId: 'resendVerification',
    tags: ['Auth'],
    summary: 'Send a new verification e-mail',
    description:
      'Sends a new link when the address belongs to an unverified account (older links stop working). Always answers `{ ok: true }`, so it does not reveal which addresses have accounts. Limited to 3 per hour per address and 20 per hour per IP.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': { schema: ResendVerificationInput, example: { email: 'ada@example.com' } },
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
    await enforceRateLimit(c, RATE_LIMITS.resendIp, clientIp(c));
    await enforceRateLimit(c, RATE_LIMITS.resendEmail, email);
    const deps = c.get('deps');
    const [user] = await deps.sql<
      { id: string; full_name: string | null; preferred_language: 'en' | 'de' | null }[]
    >`
      SELECT u.id, p.full_name, p.preferred_language
      FROM users u LEFT JOIN profiles p ON p.user_id = u.id
      WHERE u.email = ${email} AND u.email_verified_at IS NULL`;
    if (user) {
      await sendVerification(deps, {
        userId: user.id,
        email,
        fullName: user.full_name ?? email,
        language: user.preferred_language ?? c.get('lang'),
      });
    }
    return c.json({ ok: true as const }, 200);
  },
);
