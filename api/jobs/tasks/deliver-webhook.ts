import { z } from 'zod';
import { deliverWebhook } from '../../integrations/webhooks/deliver';
import { WEBHOOK_DELIVERY_ATTEMPTS } from '../backoff';
import { defineTask } from '../task';

/**
 * One event to one endpoint (`integrations/webhooks/`): queued with the change that caused it (or by a
 * redelivery, `manual`: one attempt), retried under the delivery rule on the webhooks' longer schedule
 * (`../backoff.ts`: WEBHOOKS_RETRY_BASE_MS doubling up to WEBHOOKS_RETRY_MAX_MS, at least 24 h), each
 * attempt recorded in the endpoint's delivery log. Every attempt sends the same body under the same
 * `webhook-id`, so receivers can drop a repeat.
 */
export const deliverWebhookTask = defineTask({
  name: 'deliver_webhook',
  payload: z.object({ providerId: z.uuid(), deliveryId: z.uuid(), manual: z.boolean().default(false) }),
  maxAttempts: WEBHOOK_DELIVERY_ATTEMPTS,
  retrySchedule: (config) => ({ baseMs: config.WEBHOOKS_RETRY_BASE_MS, maxMs: config.WEBHOOKS_RETRY_MAX_MS }),
  async run(job, ctx) {
    const result = await deliverWebhook({ ...ctx.deps, log: ctx.log }, job, ctx);
    if (result === 'retry') throw new Error('webhook delivery failed: retrying');
  },
});
