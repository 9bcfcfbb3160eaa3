import { WebhookDeliveryQueued } from '../../../shared/contracts/webhooks';
import { errorResponses } from '../../http/openapi';
import { redeliver } from '../../integrations/webhooks/deliveries';
import { providerOperation } from '../operation';
import { DeliveryParams, TAGS } from './params';

/** POST /api/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver */
export const registerRedeliverWebhook = providerOperation(
  {
    method: 'post',
    operationId: 'redeliverWebhook',
    path: '/api/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver',
    tags: TAGS,
    summary: 'Redeliver an event',
    description:
      'Sends the delivery’s event to the endpoint again, at once and once (not retried), with the same body and `webhook-id`, signed afresh; the attempt appears in the log. Another provider’s endpoint or delivery answers 404.',
    request: { params: DeliveryParams },
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
  async (c, scope) => {
    const { endpointId, deliveryId } = c.req.valid('param');
    return c.json(await redeliver(c.get('deps'), scope, endpointId, deliveryId), 202);
  },
);
