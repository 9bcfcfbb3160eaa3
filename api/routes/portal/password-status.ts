import { createRoute } from '@hono/zod-openapi';
import { PasswordStatus, PasswordStatusRequest } from '../../../shared/contracts/portal';
import type { App } from '../../http/context';
import { errorResponses } from '../../http/openapi';
import { clientIp, enforceRateLimit } from '../../http/rate-limit';
import { PORTAL_RATE_LIMITS } from '../../services/portal-auth/rate-limits';
import { clientHasPassword } from '../../services/portal-auth/sign-in';

const route = createRoute({
  method: 'post',
  path: '/api/portal/password-status',
  tags: ['Portal'],
  summary: 'Whether a client can sign in with a password',
  description:
    'Spec’s `client_has_password`: true when the client with this e-mail (in `portalId`, or in any portal) has a password, so the login page offers password sign-in. A POST so the address stays out of URLs. Limited to 120 per 15 minutes per IP.',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: PasswordStatusRequest,
          example: { email: 'grace@example.com', portalId: '6f1c2a8e-4b7d-4e3f-9a0b-1c2d3e4f5a6b' },
        },
      },
    },
  },
  responses: {
    200: { description: 'The answer', content: { 'application/json': { schema: PasswordStatus } } },
    ...errorResponses(403, 415, 422, 429),
  },
});

/** POST /api/portal/password-status */
export function registerPasswordStatus(app: App) {
  app.openapi(route, async (c) => {
    await enforceRateLimit(c, PORTAL_RATE_LIMITS.passwordStatusIp, clientIp(c));
    const hasPassword = await clientHasPassword(c.get('deps').sql, c.req.valid('json'));
    return c.json({ hasPassword }, 200);
  });
}
