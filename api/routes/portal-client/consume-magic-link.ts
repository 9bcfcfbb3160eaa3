import { MagicLinkConsume, PortalSession } from '../../../shared/contracts/portal-client';
import { PORTAL_RATE_LIMITS } from '../../auth/portal-client/rate-limits';
import { magicLinkSignIn, startPortalSession } from '../../auth/portal-client/sign-in';
import { errorResponses } from '../../http/openapi';
import { clientIp, enforceRateLimit } from '../../http/rate-limit';
import { publicOperation } from '../operation';
import { SESSION_EXAMPLE } from './examples';

/** POST /api/portal/magic-link/consume */
export const registerConsumeMagicLink = publicOperation(
  {
    method: 'post',
    path: '/api/portal/magic-link/consume',
    operationId: 'portalConsumeMagicLink',
    tags: ['Portal'],
    summary: 'Sign in with a magic link',
    description:
      'Uses the token from the e-mailed link once and starts a 7-day portal session. Only this POST uses it (the portal’s “Continue” button), so mail scanners that open the link cannot. 400 `invalid_token` for an unknown, used, superseded or expired token, or one of another portal than `portalId`. The login is recorded in the portal’s events (`method: magic_link`). Limited to 30 per 15 minutes per IP.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: MagicLinkConsume,
            example: { token: 'q3Jm0c2uX9…' },
          },
        },
      },
    },
    responses: {
      200: {
        description: 'Signed in: store this as `portal_client_session`',
        content: { 'application/json': { schema: PortalSession, example: SESSION_EXAMPLE } },
      },
      ...errorResponses(400, 403, 415, 422, 429),
    },
  },
  async (c) => {
    const { sql, now } = c.get('deps');
    const { token, portalId } = c.req.valid('json');
    await enforceRateLimit(c, PORTAL_RATE_LIMITS.consumeIp, clientIp(c));
    const { client, spend } = await magicLinkSignIn(sql, token, portalId, now());
    const meta = { userAgent: c.req.header('user-agent'), ip: clientIp(c) };
    const session = await startPortalSession(sql, c.get('log'), client, 'magic_link', now(), meta, spend);
    return c.json(session, 200);
  },
);
