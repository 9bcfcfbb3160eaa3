import { WebhookDeliveryQueued } from '../../../shared/contracts/webhooks';
import { errorResponses } from '../../http/openapi';
import { sendTestEvent } from '../../integrations/webhooks/deliveries';
import { providerOperation } from '../operation';
import { EndpointIdParam, TAGS } from './params';

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
    responses: {
      202: {
        description: 'Queued',
        content: {
          'application/json': {
            schema: WebhookDeliveryQueued,
            example: {
              deliveryId: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
              eventId: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
            },
          },
        },
      },
      ...errorResponses(401, 403, 404, 422),
    },
  },
  async (c, scope) => c.json(await sendTestEvent(c.get('deps'), scope, c.req.valid('param').endpointId), 202),
);
