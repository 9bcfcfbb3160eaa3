import type { WebhookEndpoint, WebhookEventType } from '../../../shared/contracts/webhooks';

/** The columns of an endpoint the API shows (never the secrets). */
export const ENDPOINT_COLUMNS =
  'e.id, e.url, e.description, e.event_types, e.enabled, e.disabled_reason, e.failing_since, e.previous_secret_expires_at, e.created_at, e.updated_at';

export interface EndpointRow {
  id: string;
  url: string;
  description: string | null;
  event_types: string[];
  enabled: boolean;
  disabled_reason: 'failing' | null;
  failing_since: Date | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export function toEndpoint(row: EndpointRow, now: Date): WebhookEndpoint {
  const previous = row.previous_secret_expires_at;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.event_types as WebhookEventType[],
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    failingSince: row.failing_since?.toISOString() ?? null,
    previousSecretExpiresAt: previous && previous > now ? previous.toISOString() : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
