import { VerificationStatus, VerificationStatusInput } from '../../../shared/contracts/auth';
import { errorResponses } from '../../http/openapi';
import { clientIp, enforceRateLimit, RATE_LIMITS } from '../../http/rate-limit';
import { verificationStatus } from '../../services/auth/verify-email';
import { publicOperation } from '../operation';

/** POST /api/auth/verify-email/status (a POST, so the token stays out of URLs and caches) */
export const registerVerificationStatus = publicOperation(
  {
    method: 'post',
    path: '/api/auth/verify-email/status',
    operationId: 'getVerificationStatus',
    tags: ['Auth'],
    summary: 'Look at a verification link',
    description:
      'What the verification page shows before the user acts: `pending` (the link can finish the sign-up; confirm with `POST /api/auth/verify-email`) or `verified` (the address is verified already, e.g. the link was used; sign in instead), with the address. Changes nothing and signs nobody in. 400 `invalid_token` for an unknown, expired or replaced link of an unverified address. Counts toward the 50 verification attempts per 15 minutes per IP.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: VerificationStatusInput,
            example: { token: 'q3Jx0c7vY1m2Zr8uK4tPz9bWnL6eHs5aDf0gQiRjT2o' },
          },
        },
      },
    },
    responses: {
      200: {
        description: 'The link’s state',
        content: { 'application/json': { schema: VerificationStatus } },
      },
      ...errorResponses(400, 403, 415, 422, 429),
    },
  },
  async (c) => {
    const { token } = c.req.valid('json');
    await enforceRateLimit(c, RATE_LIMITS.verifyEmailIp, clientIp(c));
    const { sql, now } = c.get('deps');
    c.header('Cache-Control', 'no-store');
    return c.json(await verificationStatus(sql, token, now()), 200);
  },
);
