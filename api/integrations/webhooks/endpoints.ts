import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  WEBHOOK_LIMITS,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
  type WebhookEndpointCreateInput,
  type WebhookEndpointList,
  type WebhookEndpointUpdateInput,
  type WebhookListQuery,
} from '../../../shared/contracts/webhooks';
import { ownedBy, type ProviderScope } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import type { AppDeps } from '../../http/context';
import { ApiError } from '../../http/errors';
import { keyset } from '../../services/keyset';
import { ENDPOINT_COLUMNS, type EndpointRow, toEndpoint } from './endpoint-view';
import { hostResolverFor } from './resolve';
import { newSigningSecret, openSecret, sealSecret } from './secrets';
import { checkEndpointUrl } from './url-check';

/*
 * A provider's webhook endpoints: list, create (the secret shown once), read, change, delete, rotate the
 * secret. Every query carries the provider's scope; another provider's endpoint is `not_found`.
 */

type Deps = Pick<AppDeps, 'sql' | 'config' | 'now'>;

const SORTS = { createdAt: { sql: 'e.created_at', type: 'timestamptz' } } as const;

export async function listEndpoints(
  sql: Sql,
  scope: ProviderScope,
  query: z.output<typeof WebhookListQuery>,
  now: Date,
): Promise<WebhookEndpointList> {
  const keys = keyset(sql, {
    columns: SORTS,
    sort: 'createdAt',
    order: 'desc',
    idColumn: 'e.id',
    cursor: query.cursor,
    limit: query.limit,
  });
  const rows = await sql<(EndpointRow & { sort_key: string })[]>`
    SELECT ${sql.unsafe(ENDPOINT_COLUMNS)}, ${keys.sortKey}
    FROM webhook_endpoints e
    WHERE ${ownedBy(sql, scope, 'e.provider_id')} ${keys.after}
    ORDER BY ${keys.orderBy} LIMIT ${query.limit + 1}`;
  const page = keys.page(rows);
  return { items: page.rows.map((row) => toEndpoint(row, now)), nextCursor: page.nextCursor };
}

export async function getEndpoint(
  sql: Sql | Tx,
  scope: ProviderScope,
  endpointId: string,
  now: Date,
): Promise<WebhookEndpoint> {
  const [row] = await sql<EndpointRow[]>`
    SELECT ${sql.unsafe(ENDPOINT_COLUMNS)} FROM webhook_endpoints e
    WHERE ${ownedBy(sql, scope, 'e.provider_id')} AND e.id = ${endpointId}`;
  if (!row) throw new ApiError('not_found');
  return toEndpoint(row, now);
}

/**
 * Adds an endpoint with a new signing secret, which the answer carries (the only time it is shown).
 * @throws `webhook_endpoint_limit` at 20 endpoints; `validation_failed` for a URL the server refuses
 */
export async function createEndpoint(
  deps: Deps,
  scope: ProviderScope,
  input: z.output<typeof WebhookEndpointCreateInput>,
): Promise<WebhookEndpointCreated> {
  await checkEndpointUrl(deps.config, hostResolverFor(deps.config), input.url);
  const secret = newSigningSecret();
  const now = deps.now();
  const endpoint = await deps.sql.begin(async (tx) => {
    // One creation at a time per provider, so two at once cannot both pass the count.
    await tx`SELECT pg_advisory_xact_lock(hashtext('webhook_endpoints'), hashtext(${scope.providerId}))`;
    const [count] = await tx<{ n: number }[]>`
      SELECT count(*)::int AS n FROM webhook_endpoints e WHERE ${ownedBy(tx, scope, 'e.provider_id')}`;
    if ((count?.n ?? 0) >= WEBHOOK_LIMITS.endpointsPerProvider)
      throw new ApiError('webhook_endpoint_limit', { vars: { limit: WEBHOOK_LIMITS.endpointsPerProvider } });
    const id = randomUUID();
    const sealed = sealSecret(
      deps.config,
      { providerId: scope.providerId, endpointId: id },
      'current',
      secret,
    );
    await tx`
      INSERT INTO webhook_endpoints (id, provider_id, url, description, event_types, enabled, secret_encrypted,
                                     created_at, updated_at)
      VALUES (${id}, ${scope.providerId}, ${input.url}, ${input.description ?? null}, ${input.eventTypes},
              ${input.enabled}, ${sealed}, ${now}, ${now})`;
    return getEndpoint(tx, scope, id, now);
  });
  return { ...endpoint, secret };
}

/**
 * Changes the fields sent. Turning an endpoint on again clears a platform's `failing` switch-off and its
 * run of failures (the provider says it is fixed; the next failures count anew).
 */
export async function updateEndpoint(
  deps: Deps,
  scope: ProviderScope,
  endpointId: string,
  input: z.output<typeof WebhookEndpointUpdateInput>,
): Promise<WebhookEndpoint> {
  if (input.url !== undefined) await checkEndpointUrl(deps.config, hostResolverFor(deps.config), input.url);
  const now = deps.now();
  const set = <K extends keyof typeof input>(key: K) => input[key] !== undefined;
  const [row] = await deps.sql<{ id: string }[]>`
    UPDATE webhook_endpoints e SET
      url = ${set('url') ? (input.url ?? null) : deps.sql`e.url`},
      description = ${set('description') ? (input.description ?? null) : deps.sql`e.description`},
      event_types = ${set('eventTypes') ? (input.eventTypes ?? []) : deps.sql`e.event_types`},
      enabled = ${set('enabled') ? (input.enabled ?? true) : deps.sql`e.enabled`},
      disabled_reason = ${set('enabled') ? null : deps.sql`e.disabled_reason`},
      failing_since = ${input.enabled === true ? null : deps.sql`e.failing_since`},
      updated_at = ${now}
    WHERE ${ownedBy(deps.sql, scope, 'e.provider_id')} AND e.id = ${endpointId}
    RETURNING e.id`;
  if (!row) throw new ApiError('not_found');
  return getEndpoint(deps.sql, scope, endpointId, now);
}

/** Deletes an endpoint with its deliveries and their log (pending retries find nothing and end). */
export async function deleteEndpoint(sql: Sql, scope: ProviderScope, endpointId: string): Promise<void> {
  const [row] = await sql`
    DELETE FROM webhook_endpoints e WHERE ${ownedBy(sql, scope, 'e.provider_id')} AND e.id = ${endpointId}
    RETURNING e.id`;
  if (!row) throw new ApiError('not_found');
}

/**
 * A new signing secret (shown once). The old one keeps signing beside it for 24 hours, so receivers can
 * switch without losing a message: every delivery meanwhile carries both signatures. Rotating again
 * within the 24 hours retires the oldest at once: only the secret just replaced signs beside the new one.
 */
export async function rotateSecret(
  deps: Deps,
  scope: ProviderScope,
  endpointId: string,
): Promise<WebhookEndpointCreated> {
  const now = deps.now();
  const secret = newSigningSecret();
  const ids = { providerId: scope.providerId, endpointId };
  return deps.sql.begin(async (tx) => {
    const [row] = await tx<{ secret_encrypted: Uint8Array }[]>`
      SELECT e.secret_encrypted FROM webhook_endpoints e
      WHERE ${ownedBy(tx, scope, 'e.provider_id')} AND e.id = ${endpointId} FOR UPDATE`;
    if (!row) throw new ApiError('not_found');
    const old = openSecret(deps.config, ids, 'current', row.secret_encrypted);
    const expires = new Date(now.getTime() + WEBHOOK_LIMITS.rotationOverlapHours * 3_600_000);
    await tx`
      UPDATE webhook_endpoints e SET
        secret_encrypted = ${sealSecret(deps.config, ids, 'current', secret)},
        previous_secret_encrypted = ${sealSecret(deps.config, ids, 'previous', old)},
        previous_secret_expires_at = ${expires},
        updated_at = ${now}
      WHERE ${ownedBy(tx, scope, 'e.provider_id')} AND e.id = ${endpointId}`;
    return { ...(await getEndpoint(tx, scope, endpointId, now)), secret };
  });
}
