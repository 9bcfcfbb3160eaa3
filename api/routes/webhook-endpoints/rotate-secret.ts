import { WebhookEndpointCreated } from '../../../shared/contracts/webhooks';
import { errorResponses } from '../../http/openapi';
import { rotateSecret } from '../../integrations/webhooks/endpoints';
import { providerOperation } from '../operation';
import { ENDPOINT_EXAMPLE, EndpointIdParam, TAGS } from './params';

/** POST /api/webhook-endpoints/{endpointId}/rotate-secret */
export const registerRotateWebhookSecret = providerOperation(
  {
    method: 'post',
    operationId: 'rotateWebhookSecret',
    path: '/api/webhook-endpoints/{endpointId}/rotate-secret',
    tags: TAGS,
    summary: 'Rotate an endpoint’s signing secret',
    description:
      'Makes a new signing secret and answers it (shown once). For the next 24 hours every delivery carries two signatures in `webhook-signature`, one with the old secret and one with the new, so the receiver can switch without losing an event (`previousSecretExpiresAt` says until when). Another provider’s endpoint answers 404.',
    request: { params: EndpointIdParam },
    responses: {
      200: {
        description: 'The endpoint with its new signing secret (shown once)',
        content: {
          'application/json': {
            schema: WebhookEndpointCreated,
            example: {
              ...ENDPOINT_EXAMPLE,
              previousSecretExpiresAt: '2026-12-08T10:15:00.000Z',
              secret: 'whsec_pQ3nXk2mZr7YtV0wq6sB1Hc8dLjE4uFa9GiNoKlRsTU=',
            },
          },
        },
      },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await rotateSecret(c.get('deps'), scope, c.req.valid('param').endpointId), 200);
  },
);
