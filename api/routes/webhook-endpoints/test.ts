import { sendTestEvent } from '../../integrations/webhooks/deliveries';
import { providerOperation } from '../operation';
import { deliveryQueuedResponses, EndpointIdParam, TAGS } from './params';

/** POST /api/webhook-endpoints/{endpointId}/test */
export const registerTestWebhookEndpoint = providerOperation(
  {
    method: 'post',
    operationId: 'testWebhookEndpoint',
    path: '/api/webhook-endpoints/{endpointId}/test',
    tags: TAGS,
    summary: 'Send a test event',
    description:
      'Sends a `webhook.test` event to the endpoint, at once and once, whatever events it subscribes to and even while it is turned off; the attempt appears in the delivery log. Another provider’s endpoint answers 404.',
    request: { params: EndpointIdParam },
    responses: deliveryQueuedResponses,
  },
  async (c, scope) => c.json(await sendTestEvent(c.get('deps'), scope, c.req.valid('param').endpointId), 202),
);
