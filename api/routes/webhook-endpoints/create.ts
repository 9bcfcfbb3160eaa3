import { WebhookEndpointCreated, WebhookEndpointCreateInput } from '../../../shared/contracts/webhooks';
import { errorResponses } from '../../http/openapi';
import { createEndpoint } from '../../integrations/webhooks/endpoints';
import { providerOperation } from '../operation';
import { ENDPOINT_EXAMPLE, TAGS } from './params';

/** POST /api/webhook-endpoints */
export const registerCreateWebhookEndpoint = providerOperation(
  {
    method: 'post',
    operationId: 'createWebhookEndpoint',
    path: '/api/webhook-endpoints',
    tags: TAGS,
    summary: 'Add a webhook endpoint',
    description:
      'Adds an endpoint that receives the chosen events, signed per the Standard Webhooks specification. The answer carries the signing secret (`whsec_…`) — the only time it is shown. The URL must be an absolute https URL (http only outside production), at most 2,048 characters, and must not point to a private, loopback, link-local or other internal address (422 with the reason on `url`). At most 20 endpoints (422 `webhook_endpoint_limit`).',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: WebhookEndpointCreateInput,
            example: {
              url: 'https://hooks.example.com/client-portal',
              description: 'Bookkeeping sheet',
              eventTypes: ['invoice.sent', 'invoice.paid'],
              enabled: true,
            },
          },
        },
      },
    },
    responses: {
      201: {
        description: 'The new endpoint with its signing secret (shown once)',
        content: {
          'application/json': {
            schema: WebhookEndpointCreated,
            example: { ...ENDPOINT_EXAMPLE, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw8dTb4NhMuKQ=' },
          },
        },
      },
      ...errorResponses(401, 403, 415, 422),
    },
  },
  async (c, scope) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await createEndpoint(c.get('deps'), scope, c.req.valid('json')), 201);
  },
);
