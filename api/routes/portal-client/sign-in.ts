import { PortalSession, PortalSignInInput } from '../../../shared/contracts/portal-client';
import { PORTAL_ADDRESS_LIMITS } from '../../auth/portal-client/rate-limits';
import { authenticateClientPassword, startPortalSession } from '../../auth/portal-client/sign-in';
import { errorResponses } from '../../http/openapi';
import { clientIp, enforceAddressLimits } from '../../http/rate-limit';
import { publicOperation } from '../operation';
import { SESSION_EXAMPLE } from './examples';

/** POST /api/portal/sign-in */
export const registerPortalSignIn = publicOperation(
  {
    method: 'post',
    path: '/api/portal/sign-in',
    operationId: 'portalSignIn',
    tags: ['Portal'],
    summary: 'Sign in with e-mail and password',
    description:
      'Spec’s `authenticate_client_password`: starts a 7-day portal session for the client with this e-mail (in `portalId`, or the one in any portal whose password matches). 401 `invalid_credentials` for a wrong pair, an unknown e-mail or a client without a password (same answer, same time). The login is recorded in the portal’s events (`method: password`). Limited per source: 10 attempts per 15 minutes for one e-mail (so a stranger elsewhere cannot lock the client out) and 50 for any e-mails; and 100 per hour for one e-mail from everywhere together.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: PortalSignInInput,
            example: {
              email: 'grace@example.com',
              password: 'a secret',
              portalId: SESSION_EXAMPLE.client.portalId,
            },
          },
        },
      },
    },
    responses: {
      200: {
        description: 'Signed in: store this as `portal_client_session`',
        content: { 'application/json': { schema: PortalSession, example: SESSION_EXAMPLE } },
      },
      ...errorResponses(401, 403, 415, 422, 429),
    },
  },
  async (c) => {
    const { sql, now } = c.get('deps');
    const input = c.req.valid('json');
    await enforceAddressLimits(c, PORTAL_ADDRESS_LIMITS.signIn, input.email);
    const client = await authenticateClientPassword(sql, input);
    const session = await startPortalSession(sql, c.get('log'), client, 'password', now(), {
      userAgent: c.req.header('user-agent'),
      ip: clientIp(c),
    });
    return c.json(session, 200);
  },
);
