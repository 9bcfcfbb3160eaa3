import type { App } from '../../http/context';
import { registerCreateWebhookEndpoint } from './create';
import { registerDeleteWebhookEndpoint } from './delete';
import { registerListWebhookDeliveries } from './deliveries';
import { registerWebhookEvents } from './events';
import { registerGetWebhookEndpoint } from './get';
import { registerListWebhookEndpoints } from './list';
import { registerRedeliverWebhook } from './redeliver';
import { registerRotateWebhookSecret } from './rotate-secret';
import { registerTestWebhookEndpoint } from './test';
import { registerUpdateWebhookEndpoint } from './update';

/**
 * Outgoing webhooks (issue 27): the provider's endpoints, their delivery log, redelivery and test events,
 * and the events themselves in the document's top-level `webhooks`. (`routes/webhooks/` is Stripe's
 * incoming webhook, unrelated.)
 */
export function registerWebhookEndpointRoutes(app: App) {
  registerListWebhookEndpoints(app);
  registerCreateWebhookEndpoint(app);
  registerGetWebhookEndpoint(app);
  registerUpdateWebhookEndpoint(app);
  registerDeleteWebhookEndpoint(app);
  registerRotateWebhookSecret(app);
  registerListWebhookDeliveries(app);
  registerRedeliverWebhook(app);
  registerTestWebhookEndpoint(app);
  registerWebhookEvents(app);
}
