import type { Client } from '../../../shared/contracts/clients';
import { actingFor, type ProviderScope } from '../../auth/scope';
import type { Sql, Tx } from '../../db/client';
import { findClient } from '../../services/clients/manage-clients';
import { queueWebhookEvent, type WebhookJobs } from './events';

/*
 * Clients have no activity rows, so their events are queued by the client services themselves, in the
 * transaction of the change: added, changed (by the provider, or by the client in the portal: their own
 * name and language), deleted (the client as it was, read before the delete).
 */

/**
 * Queues `client.created` / `client.updated` for a client as the provider's API shows it. A change the
 * client made in the portal reaches the provider's endpoints too (the event belongs to the provider).
 */
export function queueClientEvent(
  tx: Tx,
  jobs: WebhookJobs,
  providerId: string,
  type: 'client.created' | 'client.updated',
  clientId: string,
): Promise<unknown> {
  const scope: ProviderScope = actingFor(providerId);
  return queueWebhookEvent(tx, jobs, scope, type, () => findClient(tx as unknown as Sql, scope, clientId));
}

/** Queues `client.deleted` with the client as it was (`before`, read in the same transaction). */
export function queueClientDeleted(
  tx: Tx,
  jobs: WebhookJobs,
  providerId: string,
  before: Client,
): Promise<unknown> {
  return queueWebhookEvent(tx, jobs, actingFor(providerId), 'client.deleted', async () => before);
}
