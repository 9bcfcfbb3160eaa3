import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '../../../shared/contracts/webhooks';
import { WEBHOOK_PAYLOAD_VERSION, WEBHOOK_TEST_EVENT } from '../../../shared/contracts/webhooks';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Tx } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';

/*
 * Writing an event: in the transaction of the change it reports, one `webhook_events` row (its body as it
 * will be signed and sent), one `webhook_deliveries` row per enabled endpoint subscribed to its type, and
 * one `deliver_webhook` job per delivery. All of it exists exactly when the change commits: a rolled-back
 * change sends nothing, a committed one is never lost (the job queue retries it).
 */

/** What writing an event needs of the job queue. */
export type WebhookJobs = Pick<JobQueue, 'enqueue'>;

export interface QueuedEvent {
  eventId: string;
  deliveryIds: string[];
}

/**
 * Queues `type` for every enabled endpoint of the provider subscribed to it. `object` is loaded only when
 * there is one (the object as the API returns it, read inside the transaction, so it is what committed).
 * @returns the event, or null when no endpoint wants it (nothing written)
 * @example await queueWebhookEvent(tx, deps.jobs, scope, 'client.created', () => findClient(tx, scope, id))
 */
export async function queueWebhookEvent(
  tx: Tx,
  jobs: WebhookJobs,
  scope: ProviderScope,
  type: WebhookEventType,
  object: () => Promise<unknown>,
  at: Date = new Date(),
): Promise<QueuedEvent | null> {
  const endpoints = await tx<{ id: string }[]>`
    SELECT e.id FROM webhook_endpoints e
    WHERE ${ownedBy(tx, scope, 'e.provider_id')} AND e.enabled AND ${type}::text = ANY(e.event_types)`;
  if (!endpoints.length) return null;
  return writeEvent(
    tx,
    jobs,
    scope,
    type,
    await object(),
    endpoints.map((e) => e.id),
    at,
  );
}

/**
 * Queues a `webhook.test` event for one endpoint, as one attempt (not retried), whatever the endpoint
 * subscribes to and enabled or not: the provider asks to see whether it works now. The caller has checked
 * the endpoint is the scope's.
 */
export function queueTestEvent(
  tx: Tx,
  jobs: WebhookJobs,
  scope: ProviderScope,
  endpointId: string,
  at: Date,
): Promise<QueuedEvent> {
  const object = { endpointId, message: 'A test event from Client Portal.' };
  return writeEvent(tx, jobs, scope, WEBHOOK_TEST_EVENT, object, [endpointId], at, true);
}

async function writeEvent(
  tx: Tx,
  jobs: WebhookJobs,
  scope: ProviderScope,
  type: string,
  object: unknown,
  endpointIds: string[],
  at: Date,
  oneAttempt = false,
): Promise<QueuedEvent> {
  const eventId = randomUUID();
  const body = JSON.stringify({
    id: eventId,
    type,
    version: WEBHOOK_PAYLOAD_VERSION,
    timestamp: at.toISOString(),
    data: { object },
  });
  await tx`
    INSERT INTO webhook_events (id, provider_id, type, body, created_at)
    VALUES (${eventId}, ${scope.providerId}, ${type}, ${body}, ${at})`;
  const deliveries = await tx<{ id: string }[]>`
    INSERT INTO webhook_deliveries (provider_id, endpoint_id, event_id, created_at, updated_at)
    SELECT ${scope.providerId}, endpoint_id, ${eventId}, ${at}, ${at}
    FROM unnest(${endpointIds}::uuid[]) AS endpoint_id
    RETURNING id`;
  for (const { id } of deliveries) {
    await jobs.enqueue(
      tx,
      'deliver_webhook',
      { providerId: scope.providerId, deliveryId: id, manual: oneAttempt },
      oneAttempt ? { maxAttempts: 1 } : {},
    );
  }
  return { eventId, deliveryIds: deliveries.map((d) => d.id) };
}
