import type { z } from 'zod';
import type {
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookDeliveryQueued,
  WebhookListQuery,
} from '../../../shared/contracts/webhooks';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { keyset } from '../../services/keyset';
import { queueTestEvent } from './events';

/*
 * An endpoint's delivery log (newest first, each delivery with its latest 20 attempts), redelivering one
 * delivery (one attempt, same `webhook-id`), and sending a test event.
 */

type Deps = Pick<AppDeps, 'sql' | 'jobs' | 'now'>;

/** Attempts shown per delivery. */
const LOG_ATTEMPTS = 20;

const SORTS = { createdAt: { sql: 'd.created_at', type: 'timestamptz' } } as const;

interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: string;
  status: WebhookDelivery['status'];
  attempts: number;
  created_at: Date;
  updated_at: Date;
  log: {
    id: string;
    attempt: number;
    manual: boolean;
    status_code: number | null;
    duration_ms: number;
    response_body: string | null;
    error: string | null;
    created_at: string;
  }[];
  sort_key: string;
}

async function assertEndpoint(sql: Sql | Tx, scope: ProviderScope, endpointId: string): Promise<void> {
  const [row] = await sql`
    SELECT 1 FROM webhook_endpoints e WHERE ${ownedBy(sql, scope, 'e.provider_id')} AND e.id = ${endpointId}`;
  if (!row) throw new ApiError('not_found');
}

export async function listDeliveries(
  sql: Sql,
  scope: ProviderScope,
  endpointId: string,
  query: z.output<typeof WebhookListQuery>,
): Promise<WebhookDeliveryList> {
  await assertEndpoint(sql, scope, endpointId);
  const keys = keyset(sql, {
    columns: SORTS,
    sort: 'createdAt',
    order: 'desc',
    idColumn: 'd.id',
    cursor: query.cursor,
    limit: query.limit,
  });
  const rows = await sql<DeliveryRow[]>`
    SELECT d.id, d.event_id, ev.type AS event_type, d.status, d.attempts, d.created_at, d.updated_at,
           coalesce((
             SELECT json_agg(a ORDER BY a.created_at DESC, a.attempt DESC) FROM (
               SELECT x.id, x.attempt, x.manual, x.status_code, x.duration_ms, x.response_body, x.error, x.created_at
               FROM webhook_delivery_attempts x
               WHERE ${ownedBy(sql, scope, 'x.provider_id')} AND x.delivery_id = d.id
               ORDER BY x.created_at DESC, x.attempt DESC LIMIT ${LOG_ATTEMPTS}) a
           ), '[]'::json) AS log,
           ${keys.sortKey}
    FROM webhook_deliveries d
    JOIN webhook_events ev ON ev.provider_id = d.provider_id AND ev.id = d.event_id
    WHERE ${ownedBy(sql, scope, 'd.provider_id')} AND d.endpoint_id = ${endpointId} ${keys.after}
    ORDER BY ${keys.orderBy} LIMIT ${query.limit + 1}`;
  const page = keys.page(rows);
  return {
    items: page.rows.map((row) => ({
      id: row.id,
      eventId: row.event_id,
      eventType: row.event_type,
      status: row.status,
      attempts: row.attempts,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      log: row.log.map((a) => ({
        id: a.id,
        attempt: a.attempt,
        manual: a.manual,
        statusCode: a.status_code,
        durationMs: a.duration_ms,
        responseBody: a.response_body,
        error: a.error,
        createdAt: new Date(a.created_at).toISOString(),
      })),
    })),
    nextCursor: page.nextCursor,
  };
}

/**
 * Sends one delivery again, now: one attempt (not retried), with the same body and `webhook-id`, signed
 * afresh. Asking again while it waits changes nothing (one waiting redelivery per delivery).
 */
export async function redeliver(
  deps: Deps,
  scope: ProviderScope,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDeliveryQueued> {
  return deps.sql.begin(async (tx) => {
    const [row] = await tx<{ event_id: string }[]>`
      SELECT d.event_id FROM webhook_deliveries d
      WHERE ${ownedBy(tx, scope, 'd.provider_id')} AND d.endpoint_id = ${endpointId} AND d.id = ${deliveryId}`;
    if (!row) throw new ApiError('not_found');
    await deps.jobs.enqueue(
      tx,
      'deliver_webhook',
      { providerId: scope.providerId, deliveryId, manual: true },
      { jobKey: `webhook-redeliver:${deliveryId}`, maxAttempts: 1 },
    );
    return { deliveryId, eventId: row.event_id };
  });
}

/** Queues a `webhook.test` event to the endpoint (delivered like any other, with retries). */
export async function sendTestEvent(
  deps: Deps,
  scope: ProviderScope,
  endpointId: string,
): Promise<WebhookDeliveryQueued> {
  return deps.sql.begin(async (tx) => {
    await assertEndpoint(tx, scope, endpointId);
    const queued = await queueTestEvent(tx, deps.jobs, scope, endpointId, deps.now());
    return { deliveryId: queued.deliveryIds[0] as string, eventId: queued.eventId };
  });
}
