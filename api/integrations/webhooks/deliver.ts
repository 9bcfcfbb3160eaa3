import { WEBHOOK_LIMITS } from '../../../shared/contracts/webhooks';
import { actingFor, ownedBy } from '../../auth/scope';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../http/context';
import type { Lang } from '../../http/i18n';
import type { Logger } from '../../http/logger';
import { webhookDisabledMail } from '../../mail/templates/webhook-disabled';
import { hostResolverFor } from './resolve';
import { openSecret } from './secrets';
import { type SendOutcome, sendWebhook } from './send';
import { signedHeaders } from './sign';

/*
 * One attempt of one delivery (the `deliver_webhook` job): sign the event's stored body with the endpoint's
 * secret(s), send it (`send.ts`: every address checked, pinned, no redirects, one deadline, capped read),
 * and record how it went: an attempt row, the delivery's state, the endpoint's run of failures. An
 * endpoint whose every attempt failed for 3 days is turned off and its provider e-mailed, in the same
 * transaction as the attempt that found it.
 */

export type DeliverDeps = Pick<AppDeps, 'sql' | 'config' | 'mailer' | 'now'> & { log: Logger };

export interface DeliveryJob {
  providerId: string;
  deliveryId: string;
  /** A redelivery the provider asked for: one attempt, whatever the delivery's state. */
  manual: boolean;
}

/** `retry`: the attempt failed and the queue should try again (the task throws); `done`: nothing more to do. */
export type DeliveryResult = 'done' | 'retry';

interface DeliveryRow {
  status: 'pending' | 'succeeded' | 'failed';
  event_id: string;
  body: string;
  endpoint_id: string;
  url: string;
  enabled: boolean;
  secret_encrypted: Uint8Array;
  previous_secret_encrypted: Uint8Array | null;
  previous_secret_expires_at: Date | null;
  failing_since: Date | null;
}

export async function deliverWebhook(
  deps: DeliverDeps,
  job: DeliveryJob,
  attempt: { attempt: number; maxAttempts: number; signal?: AbortSignal },
): Promise<DeliveryResult> {
  const scope = actingFor(job.providerId);
  const [row] = await deps.sql<DeliveryRow[]>`
    SELECT d.status, d.event_id, ev.body, e.id AS endpoint_id, e.url, e.enabled, e.secret_encrypted,
           e.previous_secret_encrypted, e.previous_secret_expires_at, e.failing_since
    FROM webhook_deliveries d
    JOIN webhook_endpoints e ON e.provider_id = d.provider_id AND e.id = d.endpoint_id
    JOIN webhook_events ev ON ev.provider_id = d.provider_id AND ev.id = d.event_id
    WHERE ${ownedBy(deps.sql, scope, 'd.provider_id')} AND d.id = ${job.deliveryId}`;
  // The endpoint (and with it the delivery) was deleted meanwhile.
  if (!row) return 'done';
  // A job that ran twice (a crashed worker's) finds its work done.
  if (!job.manual && row.status !== 'pending') return 'done';
  if (!job.manual && !row.enabled) {
    await record(deps, job, row, { kind: 'gave_up', error: 'endpoint_disabled' });
    return 'done';
  }

  const now = deps.now();
  const ids = { providerId: job.providerId, endpointId: row.endpoint_id };
  const secrets = [openSecret(deps.config, ids, 'current', row.secret_encrypted)];
  if (row.previous_secret_encrypted && row.previous_secret_expires_at && row.previous_secret_expires_at > now)
    secrets.push(openSecret(deps.config, ids, 'previous', row.previous_secret_encrypted));
  const headers = signedHeaders({ id: row.event_id, body: row.body, secrets, at: now });

  const outcome = await sendWebhook(
    { url: row.url, headers, body: row.body },
    {
      resolve: hostResolverFor(deps.config),
      allowLoopback: deps.config.WEBHOOKS_ALLOW_LOOPBACK,
      timeoutMs: deps.config.WEBHOOKS_TIMEOUT_MS,
      ...(attempt.signal ? { signal: attempt.signal } : {}),
    },
  );
  // Shutting down: the worker hands the job back without counting the attempt.
  if (attempt.signal?.aborted) throw new Error('webhook delivery stopped at shutdown');
  if (outcome.error) deps.log.info({ deliveryId: job.deliveryId, ...outcome }, 'webhook attempt failed');

  const last = job.manual || attempt.attempt >= attempt.maxAttempts;
  await record(deps, job, row, { kind: 'sent', outcome, last });
  return outcome.ok || last ? 'done' : 'retry';
}

type Attempt =
  | { kind: 'sent'; outcome: SendOutcome; last: boolean }
  | { kind: 'gave_up'; error: 'endpoint_disabled' };

async function record(deps: DeliverDeps, job: DeliveryJob, row: DeliveryRow, attempt: Attempt) {
  const scope = actingFor(job.providerId);
  const now = deps.now();
  const ok = attempt.kind === 'sent' && attempt.outcome.ok;
  // A redelivery that fails leaves the delivery as it was (its own retries, or its final state).
  const status = ok
    ? 'succeeded'
    : attempt.kind === 'gave_up' || (attempt.last && !job.manual)
      ? 'failed'
      : null;
  const o = attempt.kind === 'sent' ? attempt.outcome : null;
  const write = async (sql: Tx | DeliverDeps['sql']) => {
    // One statement: the delivery's count and state, and its attempt row numbered by that count.
    const [written] = await sql<{ attempt: number }[]>`
      WITH d AS (
        UPDATE webhook_deliveries d SET attempts = d.attempts + ${attempt.kind === 'sent' ? 1 : 0},
          status = ${status ?? sql`d.status`}, updated_at = ${now}
        WHERE ${ownedBy(sql, scope, 'd.provider_id')} AND d.id = ${job.deliveryId}
        RETURNING d.provider_id, d.id, d.attempts
      )
      INSERT INTO webhook_delivery_attempts (provider_id, delivery_id, attempt, manual, status_code, duration_ms,
                                             response_body, error, created_at)
      SELECT d.provider_id, d.id, greatest(d.attempts, 1), ${job.manual}, ${o?.statusCode ?? null},
             ${o?.durationMs ?? 0}, ${o?.responseBody ?? null},
             ${o ? o.error : (attempt as { error: string }).error}, ${now}
      FROM d
      RETURNING attempt`;
    return written;
  };
  if (ok) {
    // The common case in one round trip; the endpoint's failure run is cleared only when there is one.
    await write(deps.sql);
    if (row.failing_since) await trackEndpointHealth(deps, deps.sql, job.providerId, row, true, now);
    return;
  }
  await deps.sql.begin(async (tx) => {
    if (!(await write(tx))) return;
    if (attempt.kind === 'sent') await trackEndpointHealth(deps, tx, job.providerId, row, false, now);
  });
}

/**
 * The endpoint's run of failures: cleared by a success, started by the first failure after one. When it
 * has lasted 3 days the endpoint is turned off (`disabled_reason = 'failing'`) and the provider e-mailed.
 */
async function trackEndpointHealth(
  deps: DeliverDeps,
  tx: Tx | DeliverDeps['sql'],
  providerId: string,
  row: DeliveryRow,
  ok: boolean,
  now: Date,
) {
  const scope = actingFor(providerId);
  if (ok) {
    await tx`
      UPDATE webhook_endpoints e SET failing_since = NULL
      WHERE ${ownedBy(tx, scope, 'e.provider_id')} AND e.id = ${row.endpoint_id} AND e.failing_since IS NOT NULL`;
    return;
  }
  const days = WEBHOOK_LIMITS.disableAfterFailingDays;
  const since = new Date(now.getTime() - days * 86_400_000);
  const [endpoint] = await tx<{ enabled: boolean; failing_since: Date | null; url: string }[]>`
    SELECT e.enabled, e.failing_since, e.url FROM webhook_endpoints e
    WHERE ${ownedBy(tx, scope, 'e.provider_id')} AND e.id = ${row.endpoint_id} FOR UPDATE`;
  if (!endpoint) return;
  const failingSince = endpoint.failing_since ?? now;
  const disable = endpoint.enabled && failingSince <= since;
  await tx`
    UPDATE webhook_endpoints e SET failing_since = ${failingSince},
      enabled = ${disable ? false : tx`e.enabled`},
      disabled_reason = ${disable ? 'failing' : tx`e.disabled_reason`},
      updated_at = ${disable ? now : tx`e.updated_at`}
    WHERE ${ownedBy(tx, scope, 'e.provider_id')} AND e.id = ${row.endpoint_id}`;
  if (!disable) return;
  const [provider] = await tx<{ email: string; name: string | null; lang: Lang | null }[]>`
    SELECT u.email, pr.full_name AS name, pr.preferred_language AS lang
    FROM users u LEFT JOIN profiles pr ON pr.user_id = u.id
    WHERE ${ownedBy(tx, scope, 'u.id')}`;
  if (!provider) return;
  await deps.mailer.queue(
    tx,
    webhookDisabledMail({
      to: provider.email,
      name: provider.name || provider.email,
      lang: provider.lang ?? 'en',
      url: endpoint.url,
      days,
      link: `${deps.config.publicOrigin}/dashboard/integrations`,
    }),
  );
}
