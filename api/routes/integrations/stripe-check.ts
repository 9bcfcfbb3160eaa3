import { StripeCheck } from '../../../shared/contracts/integrations';
import { errorResponses } from '../../http/openapi';
import { enforceRateLimit } from '../../http/rate-limit';
import { checkStripeConnection, STRIPE_CHECK_LIMIT } from '../../integrations/stripe/check-connection';
import { providerOperation } from '../operation';

/** POST /api/payments/stripe/check */
export const registerStripeCheck = providerOperation(
  {
    method: 'post',
    operationId: 'checkStripeConnection',
    path: '/api/payments/stripe/check',
    tags: ['Integrations'],
    summary: 'Test the Stripe connection',
    description:
      'Reads the connected Stripe account with the stored key, now: the account when Stripe accepts the key, 422 `stripe_key_invalid` when it refuses it (revoked or rolled), 502 `stripe_unavailable` when Stripe cannot be reached, 409 `stripe_not_connected` without a connection. Limited to 10 a minute per provider (429).',
    responses: {
      200: {
        description: 'Stripe accepted the stored key',
        content: {
          'application/json': {
            schema: StripeCheck,
            example: {
              accountId: 'acct_1NxYzExample',
              accountName: 'Example Agency',
              livemode: false,
              checkedAt: '2026-12-07T09:00:00.000Z',
            },
          },
        },
      },
      ...errorResponses(401, 403, 409, 422, 429, 502, 503),
    },
  },
  async (c, scope) => {
    await enforceRateLimit(c, STRIPE_CHECK_LIMIT, scope.providerId);
    c.header('Cache-Control', 'no-store');
    return c.json(await checkStripeConnection({ ...c.get('deps'), log: c.get('log') }, scope), 200);
  },
);
