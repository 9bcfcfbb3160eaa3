import { z } from 'zod';
import { Uuid } from '../../../shared/contracts/common';

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
