import { PasswordStatus, PasswordStatusRequest } from '../../../shared/contracts/portal-client';
import { PORTAL_ADDRESS_LIMITS } from '../../auth/portal-client/rate-limits';
import { clientHasPassword } from '../../auth/portal-client/sign-in';
import { errorResponses } from '../../http/openapi';
import { enforceAddressLimits } from '../../http/rate-limit';
import { publicOperation } from '../operation';

/** POST /api/portal/password-status */
export const registerPasswordStatus = publicOperation(
  {
    method: 'post',
    path: '/api/portal/password-status',
    operationId: 'portalGetPasswordStatus',
    tags: ['Portal'],
    summary: 'Whether a client can sign in with a password',
    description:
      'Spec’s `client_has_password`: true when the client with this e-mail (in `portalId`, or in any portal) has a password, so the login page offers password sign-in. A POST so the address stays out of URLs. Limited per source: 30 per 15 minutes for one e-mail and 120 for any e-mails; and 300 per hour for one e-mail from everywhere together.',
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
  },
  async (c) => {
    const input = c.req.valid('json');
    await enforceAddressLimits(c, PORTAL_ADDRESS_LIMITS.passwordStatus, input.email);
    const hasPassword = await clientHasPassword(c.get('deps').sql, input);
    return c.json({ hasPassword }, 200);
  },
);
