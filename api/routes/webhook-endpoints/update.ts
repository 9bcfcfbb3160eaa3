import { WebhookEndpoint, WebhookEndpointUpdateInput } from '../../../shared/contracts/webhooks';
import { errorResponses } from '../../http/openapi';
import { updateEndpoint } from '../../integrations/webhooks/endpoints';
import { providerOperation } from '../operation';
import { ENDPOINT_EXAMPLE, EndpointIdParam, TAGS } from './params';

/** PATCH /api/webhook-endpoints/{endpointId} */
export const registerUpdateWebhookEndpoint = providerOperation(
  {
    method: 'patch',
    operationId: 'updateWebhookEndpoint',
    path: '/api/webhook-endpoints/{endpointId}',
    tags: TAGS,
    summary: 'Change a webhook endpoint',
    description:
      'Changes the fields sent: URL (checked as on creation), description, events, enabled. Turning an endpoint the platform switched off (`disabledReason: failing`) on again starts its failure count anew. Another provider’s endpoint answers 404.',
    request: {
      params: EndpointIdParam,
      body: {
        required: true,
        content: {
          'application/json': {
            schema: WebhookEndpointUpdateInput,
            example: { eventTypes: ['invoice.paid'], enabled: true },
          },
        },
      },
    },
    responses: {
      200: {
        description: 'The changed endpoint',
        content: { 'application/json': { schema: WebhookEndpoint, example: ENDPOINT_EXAMPLE } },
      },
      ...errorResponses(401, 403, 404, 415, 422),
    },
  },
  async (c, scope) => {
    const { endpointId } = c.req.valid('param');
    return c.json(await updateEndpoint(c.get('deps'), scope, endpointId, c.req.valid('json')), 200);
  },
);
