import { WebhookEndpointList, WebhookListQuery } from '../../../shared/contracts/webhooks';
import { errorResponses } from '../../http/openapi';
import { listEndpoints } from '../../integrations/webhooks/endpoints';
import { providerOperation } from '../operation';
import { ENDPOINT_EXAMPLE, TAGS } from './params';

/** GET /api/webhook-endpoints */
export const registerListWebhookEndpoints = providerOperation(
  {
    method: 'get',
    operationId: 'listWebhookEndpoints',
    path: '/api/webhook-endpoints',
    tags: TAGS,
    summary: 'List your webhook endpoints',
    description:
      'Your webhook endpoints, newest first, without their secrets. Paged by cursor: `limit` up to 100 (default 50), `nextCursor` continues the list as `cursor`.',
    request: { query: WebhookListQuery },
    responses: {
      200: {
        description: 'A page of endpoints',
        content: {
          'application/json': {
            schema: WebhookEndpointList,
            example: { items: [ENDPOINT_EXAMPLE], nextCursor: null },
          },
        },
      },
      ...errorResponses(401, 422),
    },
  },
  async (c, scope) => {
    const { sql, now } = c.get('deps');
    c.header('Cache-Control', 'no-store');
    return c.json(await listEndpoints(sql, scope, c.req.valid('query'), now()), 200);
  },
);
