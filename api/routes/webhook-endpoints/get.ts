import { WebhookEndpoint } from '../../../shared/contracts/webhooks';
import { errorResponses } from '../../http/openapi';
import { getEndpoint } from '../../integrations/webhooks/endpoints';
import { providerOperation } from '../operation';
import { ENDPOINT_EXAMPLE, EndpointIdParam, TAGS } from './params';

/** GET /api/webhook-endpoints/{endpointId} */
export const registerGetWebhookEndpoint = providerOperation(
  {
    method: 'get',
    operationId: 'getWebhookEndpoint',
    path: '/api/webhook-endpoints/{endpointId}',
    tags: TAGS,
    summary: 'Get a webhook endpoint',
    description: 'One of your endpoints, without its secret. Another provider’s endpoint answers 404.',
    request: { params: EndpointIdParam },
    responses: {
      200: {
        description: 'The endpoint',
        content: { 'application/json': { schema: WebhookEndpoint, example: ENDPOINT_EXAMPLE } },
      },
      ...errorResponses(401, 404, 422),
    },
  },
  async (c, scope) => {
    const { sql, now } = c.get('deps');
    c.header('Cache-Control', 'no-store');
    return c.json(await getEndpoint(sql, scope, c.req.valid('param').endpointId, now()), 200);
  },
);
