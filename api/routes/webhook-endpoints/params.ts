import { z } from 'zod';
import { Uuid } from '../../../shared/contracts/common';
import { WebhookDeliveryQueued } from '../../../shared/contracts/webhooks';
import { errorResponses } from '../../http/openapi';

/** `{endpointId}`: one of the provider's webhook endpoints. */
export const EndpointIdParam = z.object({
  endpointId: Uuid({ error: 'validation.invalid' }).meta({ param: { name: 'endpointId', in: 'path' } }),
});

/** `{endpointId}` and `{deliveryId}`: one delivery of one of the provider's endpoints. */
export const DeliveryParams = EndpointIdParam.extend({
  deliveryId: Uuid({ error: 'validation.invalid' }).meta({ param: { name: 'deliveryId', in: 'path' } }),
});

export const TAGS = ['Webhooks'];

/** An endpoint's example answer (no secret). */
export const ENDPOINT_EXAMPLE = {
  id: '7d2c1f0e-3b4a-4c5d-8e9f-0a1b2c3d4e5f',
  url: 'https://hooks.example.com/client-portal',
  description: 'Bookkeeping sheet',
  eventTypes: ['invoice.sent', 'invoice.paid'],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  previousSecretExpiresAt: null,
  createdAt: '2026-12-07T10:15:00.000Z',
  updatedAt: '2026-12-07T10:15:00.000Z',
};

/** The answer of an attempt started at once (a redelivery, a test event): 202 with what identifies it. */
export const deliveryQueuedResponses = {
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
};
