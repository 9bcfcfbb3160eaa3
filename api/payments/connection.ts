import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import type { StripeConnection } from '../../shared/contracts/invoices';
import type { ProviderScope } from '../auth/scope';
import type { Sql, Tx } from '../db/client';
import type { AppDeps } from '../http/context';
import { ApiError } from '../http/errors';
import { isLastAttempt } from '../jobs/backoff';
import {
  decryptSecret,
  encryptSecret,
  PaymentSecretsUnavailable,
  paymentSecretsKey,
  secretContext,
} from './secrets';
import { PROVIDER_WEBHOOK_EVENTS, stripeClient, stripeFailure } from './stripe-client';

/*
 * The provider's own Stripe account (spec §4 "Stripe integration"): connected with a secret key, which is
 * checked by reading the account before anything is stored; the key and the webhook signing secret are
 * stored encrypted (secrets.ts) and never leave the server again (reads show the key's last four
 * characters). Without a webhook secret from the provider we create the endpoint in their account
 * (`<PUBLIC_URL>/api/webhooks/stripe`) and keep the secret Stripe returns.
 */

type Deps = Pick<AppDeps, 'config' | 'sql' | 'log'>;

/** The webhook URL Stripe calls for every account (ours and the providers'). */
export const webhookUrl = (config: AppDeps['config']) => `${config.publicOrigin}/api/webhooks/stripe`;

interface ConnectionRow {
  provider_id: string;
  account_id: string;
  account_name: string | null;
  livemode: boolean;
  secret_key_enc: Uint8Array;
  secret_key_last4: string;
  webhook_secret_enc: Uint8Array;
  webhook_endpoint_id: string | null;
  connected_at: Date;
}

/** A provider's connection with its secrets decrypted, for the code that calls Stripe or checks webhooks. */
export interface ActiveConnection {
  providerId: string;
  accountId: string;
  secretKey: string;
  webhookSecret: string;
  webhookEndpointId: string | null;
}

function view(deps: Deps, row: ConnectionRow | undefined): StripeConnection {
  return {
    connected: Boolean(row),
    accountId: row?.account_id ?? null,
    accountName: row?.account_name ?? null,
    livemode: row ? row.livemode : null,
    keyLast4: row?.secret_key_last4 ?? null,
    webhookUrl: webhookUrl(deps.config),
    webhookManaged: Boolean(row?.webhook_endpoint_id),
    connectedAt: row ? new Date(row.connected_at).toISOString() : null,
  };
}

/** The signed-in provider's connection (`connected: false` without one). */
export async function getStripeConnection(deps: Deps, scope: ProviderScope): Promise<StripeConnection> {
  const [row] = await deps.sql<ConnectionRow[]>`
    SELECT * FROM stripe_connections WHERE provider_id = ${scope.providerId}`;
  return view(deps, row);
}

/**
 * The provider's connection with its secrets, or null when there is none.
 * @throws PaymentSecretsUnavailable in production without PAYMENT_SECRETS_KEY
 */
export async function activeConnection(
  deps: Pick<AppDeps, 'config'>,
  sql: Sql | Tx,
  providerId: string,
): Promise<ActiveConnection | null> {
  const [row] = await sql<
    ConnectionRow[]
  >`SELECT * FROM stripe_connections WHERE provider_id = ${providerId}`;
  if (!row) return null;
  const key = paymentSecretsKey(deps.config);
  return {
    providerId,
    accountId: row.account_id,
    secretKey: decryptSecret(key, row.secret_key_enc, secretContext(providerId, 'secret_key')),
    webhookSecret: decryptSecret(key, row.webhook_secret_enc, secretContext(providerId, 'webhook_secret')),
    webhookEndpointId: row.webhook_endpoint_id,
  };
}

/** 422 for a key Stripe refuses, 502 when Stripe cannot be reached or fails; anything else is ours. */
export function stripeApiError(err: unknown): ApiError | unknown {
  const failure = stripeFailure(err);
  if (failure === 'auth') return new ApiError('stripe_key_invalid', { cause: err });
  if (failure === 'network') return new ApiError('stripe_unavailable', { cause: err });
  return err;
}

function secretsKey(deps: Deps): Buffer {
  try {
    return paymentSecretsKey(deps.config);
  } catch (err) {
    if (err instanceof PaymentSecretsUnavailable) {
      deps.log.error({ err }, 'Stripe connection refused: PAYMENT_SECRETS_KEY is not set');
      throw new ApiError('service_unavailable');
    }
    throw err;
  }
}

/**
 * Connects (or reconnects) the provider's Stripe account: the key must open an account (422
 * `stripe_key_invalid` otherwise, 502 `stripe_unavailable` when Stripe does not answer). Without a webhook
 * secret an endpoint is created in that account; an endpoint we created earlier (another key or account)
 * is removed, best effort.
 */
export async function connectStripe(
  deps: Deps,
  scope: ProviderScope,
  input: { secretKey: string; webhookSecret?: string | undefined },
): Promise<StripeConnection> {
  const key = secretsKey(deps);
  const stripe = stripeClient(deps.config, input.secretKey);
  let account: Stripe.Account;
  try {
    account = await stripe.accounts.retrieveCurrent();
  } catch (err) {
    throw stripeApiError(err);
  }
  const previous = await activeConnection(deps, deps.sql, scope.providerId).catch(() => null);
  let webhookSecret = input.webhookSecret;
  let endpointId: string | null = null;
  if (!webhookSecret) {
    try {
      const endpoint = await stripe.webhookEndpoints.create(
        {
          url: webhookUrl(deps.config),
          enabled_events: [...PROVIDER_WEBHOOK_EVENTS],
          description: 'Client Portal: invoice payments',
          metadata: { provider_id: scope.providerId },
        },
        { idempotencyKey: `connect:${scope.providerId}:${randomUUID()}` },
      );
      if (!endpoint.secret) throw new Error('Stripe returned a webhook endpoint without its secret');
      webhookSecret = endpoint.secret;
      endpointId = endpoint.id;
    } catch (err) {
      if (stripeFailure(err) === 'invalid') {
        // Stripe refuses our URL (e.g. not public): the provider creates the endpoint and gives its secret.
        deps.log.warn({ err }, 'Stripe refused to create the webhook endpoint');
        throw new ApiError('validation_failed', {
          fields: [{ path: 'webhookSecret', key: 'validation.stripeWebhookSecretRequired' }],
          cause: err,
        });
      }
      throw stripeApiError(err);
    }
  }
  const name =
    account.business_profile?.name ?? account.settings?.dashboard?.display_name ?? account.email ?? null;
  const livemode = /^(sk|rk)_live_/.test(input.secretKey);
  const [row] = await deps.sql<ConnectionRow[]>`
    INSERT INTO stripe_connections (provider_id, account_id, account_name, livemode, secret_key_enc,
                                    secret_key_last4, webhook_secret_enc, webhook_endpoint_id, webhook_events,
                                    connected_at)
    VALUES (${scope.providerId}, ${account.id}, ${name}, ${livemode},
            ${encryptSecret(key, input.secretKey, secretContext(scope.providerId, 'secret_key'))},
            ${input.secretKey.slice(-4)},
            ${encryptSecret(key, webhookSecret, secretContext(scope.providerId, 'webhook_secret'))},
            ${endpointId}, ${endpointId ? [...PROVIDER_WEBHOOK_EVENTS] : null}::text[], now())
    ON CONFLICT (provider_id) DO UPDATE SET
      account_id = EXCLUDED.account_id, account_name = EXCLUDED.account_name, livemode = EXCLUDED.livemode,
      secret_key_enc = EXCLUDED.secret_key_enc, secret_key_last4 = EXCLUDED.secret_key_last4,
      webhook_secret_enc = EXCLUDED.webhook_secret_enc, webhook_endpoint_id = EXCLUDED.webhook_endpoint_id,
      webhook_events = EXCLUDED.webhook_events, connected_at = EXCLUDED.connected_at
    RETURNING *`;
  if (previous?.webhookEndpointId && previous.webhookEndpointId !== endpointId)
    await removeEndpoint(deps, previous);
  return view(deps, row);
}

/** Disconnects: the row goes (so nothing is pushed or verified any more); our endpoint is removed, best effort. */
export async function disconnectStripe(deps: Deps, scope: ProviderScope): Promise<void> {
  const previous = await activeConnection(deps, deps.sql, scope.providerId).catch((err) => {
    deps.log.warn({ err }, 'stored Stripe secrets unreadable; removing the connection only');
    return null;
  });
  await deps.sql`DELETE FROM stripe_connections WHERE provider_id = ${scope.providerId}`;
  if (previous?.webhookEndpointId) await removeEndpoint(deps, previous);
}

async function removeEndpoint(deps: Deps, connection: ActiveConnection) {
  if (!connection.webhookEndpointId) return;
  try {
    await stripeClient(deps.config, connection.secretKey).webhookEndpoints.del(connection.webhookEndpointId);
  } catch (err) {
    deps.log.warn(
      { err, endpointId: connection.webhookEndpointId },
      'could not remove the Stripe webhook endpoint',
    );
  }
}

/**
 * Providers whose endpoint we made before it listened to every event we need now (e.g. connected before
 * `payment_intent.succeeded`, issue 28): one `stripe_webhook_events` job each (the hourly sweep; a lost job is
 * made up by the next sweep). A provider's own endpoint (they gave the secret) is theirs to change.
 */
export async function queueWebhookEventUpdates(deps: Pick<AppDeps, 'sql' | 'jobs'>): Promise<number> {
  const due = await deps.sql<{ provider_id: string }[]>`
    SELECT provider_id FROM stripe_connections
    WHERE webhook_endpoint_id IS NOT NULL
      AND (webhook_events IS NULL OR NOT (webhook_events @> ${[...PROVIDER_WEBHOOK_EVENTS]}::text[]))
    ORDER BY provider_id LIMIT 500`;
  for (const row of due)
    await deps.jobs.enqueue(
      deps.sql,
      'stripe_webhook_events',
      { providerId: row.provider_id },
      { jobKey: `webhook-events:${row.provider_id}` },
    );
  return due.length;
}

export type WebhookEventsOutcome =
  | { outcome: 'updated' | 'current' | 'skipped' | 'failed'; events?: string[] }
  | { outcome: 'retry'; error: unknown };

/**
 * One attempt of `stripe_webhook_events`: our endpoint in the provider's account brought up to
 * `PROVIDER_WEBHOOK_EVENTS` (`POST /v1/webhook_endpoints/:id`, as Stripe allows: the same endpoint and signing
 * secret; events it had besides ours are kept), then recorded (`webhook_events`) for that endpoint only, so a
 * reconnection meanwhile is not overwritten. An endpoint Stripe no longer has is logged (`failed`: the provider
 * reconnects). Outages retry under the job's rule.
 */
export async function updateWebhookEvents(
  deps: Deps,
  providerId: string,
  attempt: { attempt: number; maxAttempts: number },
): Promise<WebhookEventsOutcome> {
  const connection = await activeConnection(deps, deps.sql, providerId).catch(() => null);
  const endpointId = connection?.webhookEndpointId;
  if (!connection || !endpointId) return { outcome: 'skipped' };
  const stripe = stripeClient(deps.config, connection.secretKey, { retries: 0 });
  const record = (events: string[]) => deps.sql`
    UPDATE stripe_connections SET webhook_events = ${events}::text[]
    WHERE provider_id = ${providerId} AND webhook_endpoint_id = ${endpointId}`;
  try {
    const endpoint = await stripe.webhookEndpoints.retrieve(endpointId);
    const had = endpoint.enabled_events as string[];
    const missing = PROVIDER_WEBHOOK_EVENTS.filter((e) => !had.includes(e));
    if (had.includes('*') || missing.length === 0) {
      await record(had.includes('*') ? [...PROVIDER_WEBHOOK_EVENTS] : had);
      return { outcome: 'current', events: had };
    }
    const events = [...had, ...missing];
    const updated = await stripe.webhookEndpoints.update(endpointId, {
      enabled_events: events as Stripe.WebhookEndpointUpdateParams.EnabledEvent[],
    });
    await record(updated.enabled_events as string[]);
    return { outcome: 'updated', events: updated.enabled_events as string[] };
  } catch (err) {
    const failure = stripeFailure(err);
    if (failure === 'other') throw err;
    if (failure === 'network' && !isLastAttempt(attempt)) return { outcome: 'retry', error: err };
    deps.log.warn({ err, providerId, endpointId }, 'could not update the Stripe webhook endpoint’s events');
    return { outcome: 'failed' };
  }
}
