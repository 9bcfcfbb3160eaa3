import { errorResponses } from '../../http/openapi';
import { deleteEndpoint } from '../../integrations/webhooks/endpoints';
import { providerOperation } from '../operation';
import { EndpointIdParam, TAGS } from './params';

/** DELETE /api/webhook-endpoints/{endpointId} */
export const registerDeleteWebhookEndpoint = providerOperation(
  {
    method: 'delete',
    operationId: 'deleteWebhookEndpoint',
    path: '/api/webhook-endpoints/{endpointId}',
    tags: TAGS,
    summary: 'Delete a webhook endpoint',
    description:
      'Deletes the endpoint with its delivery log; deliveries still waiting for a retry are dropped. Another provider’s endpoint answers 404.',
    request: { params: EndpointIdParam },
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 422) },
  },
  async (c, scope) => {
    await deleteEndpoint(c.get('deps').sql, scope, c.req.valid('param').endpointId);
    return c.body(null, 204);
  },
);
