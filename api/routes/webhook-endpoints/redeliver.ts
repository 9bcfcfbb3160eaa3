import { redeliver } from '../../integrations/webhooks/deliveries';
import { providerOperation } from '../operation';
import { DeliveryParams, deliveryQueuedResponses, TAGS } from './params';

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
    responses: deliveryQueuedResponses,
  },
  async (c, scope) => {
    const { endpointId, deliveryId } = c.req.valid('param');
    return c.json(await redeliver(c.get('deps'), scope, endpointId, deliveryId), 202);
  },
);
