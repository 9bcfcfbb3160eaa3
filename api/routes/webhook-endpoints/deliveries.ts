import { WebhookDeliveryList, WebhookListQuery } from '../../../shared/contracts/webhooks';
import { errorResponses } from '../../http/openapi';
import { listDeliveries } from '../../integrations/webhooks/deliveries';
import { providerOperation } from '../operation';
import { EndpointIdParam, TAGS } from './params';

/** GET /api/webhook-endpoints/{endpointId}/deliveries */
export const registerListWebhookDeliveries = providerOperation(
  {
    method: 'get',
    operationId: 'listWebhookDeliveries',
    path: '/api/webhook-endpoints/{endpointId}/deliveries',
    tags: TAGS,
    summary: 'An endpoint’s delivery log',
    description:
      'The endpoint’s deliveries, newest first: the event (type and id, the `webhook-id` sent), its state, and its latest 20 attempts (time, attempt number, status code, duration, the first 2 KB of the answer, the error when no answer came). Paged by cursor: `limit` up to 100 (default 50). Another provider’s endpoint answers 404.',
    request: { params: EndpointIdParam, query: WebhookListQuery },
    responses: {
      200: {
        description: 'A page of deliveries',
        content: {
          'application/json': {
            schema: WebhookDeliveryList,
            example: {
              items: [
                {
                  id: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
                  eventId: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
                  eventType: 'invoice.paid',
                  status: 'succeeded',
                  attempts: 2,
                  createdAt: '2026-12-07T10:15:00.000Z',
                  updatedAt: '2026-12-07T10:15:06.000Z',
                  log: [
                    {
                      id: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d',
                      attempt: 2,
                      manual: false,
                      statusCode: 200,
                      durationMs: 84,
                      responseBody: '{"ok":true}',
                      error: null,
                      createdAt: '2026-12-07T10:15:06.000Z',
                    },
                  ],
                },
              ],
              nextCursor: null,
            },
          },
        },
      },
      ...errorResponses(401, 404, 422),
    },
  },
  async (c, scope) => {
    c.header('Cache-Control', 'no-store');
    const { endpointId } = c.req.valid('param');
    return c.json(await listDeliveries(c.get('deps').sql, scope, endpointId, c.req.valid('query')), 200);
  },
);
