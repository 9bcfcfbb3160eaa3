import { createRoute } from '@hono/zod-openapi';
import { SessionResponse, VerifyEmailInput } from '../../../shared/contracts/auth';
import { SESSION_EXAMPLE } from '../../auth/session-response';
import { startSession } from '../../auth/start-session';
import { consumeVerificationToken } from '../../auth/verification';
import type { App } from '../../http/context';
import { ApiError } from '../../http/errors';
import { errorResponses } from '../../http/openapi';

const route = createRoute({
  method: 'post',
  path: '/api/auth/verify-email',
  tags: ['Auth'],
  summary: 'Confirm an e-mail address',
  description:
    'Consumes the token from the verification e-mail (single use, 24 hours, only the newest link works), marks the address verified and signs the user in (sets the session cookie). The link opens a page that POSTs here, so a mail scanner following the link cannot use it up.',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: VerifyEmailInput,
          example: { token: 'q3Jx0c7vY1m2Zr8uK4tPz9bWnL6eHs5aDf0gQiRjT2o' },
        },
      },
    },
  },
  responses: {
    200: {
      description: 'Verified and signed in',
      content: { 'application/json': { schema: SessionResponse, example: SESSION_EXAMPLE } },
    },
    ...errorResponses(400, 403, 415, 422),
  },
});

/** POST /api/auth/verify-email */
export function registerVerifyEmail(app: App) {
  app.openapi(route, async (c) => {
    const { token } = c.req.valid('json');
    const { sql, now } = c.get('deps');
    const userId = await consumeVerificationToken(sql, token, now());
    if (!userId) throw new ApiError('invalid_token');
    await sql`
      UPDATE users SET email_verified_at = coalesce(email_verified_at, ${now()}), updated_at = ${now()}
      WHERE id = ${userId}`;
    return c.json(await startSession(c, userId), 200);
  });
}
