import type { ActivityType } from '../../../shared/contracts/activity';
import { actingFor, ownedBy } from '../../auth/scope';
import type { Tx } from '../../db/client';
import type { PubSub } from '../../db/pubsub';
import { queueActivityEvent } from '../../integrations/webhooks/activity-events';
import type { WebhookJobs } from '../../integrations/webhooks/events';

/**
 * The pub/sub channel of new activity: payloads carry ids only: `<providerId>:<seq>` for a new row,
 * `<providerId>:project_deleted:<projectId>:<clientId>` for a deleted project (its rows are gone with
 * it), and the realtime hub's own liveness probes (`probe:<instanceId>:<n>`).
 */
export const ACTIVITY_CHANNEL = 'activity';

export interface ActivityInput {
  providerId: string;
  /**
   * The project the row is about; null for what belongs to a client but no project (an invoice without
   * one: `clientId` names the client then).
   */
  projectId: string | null;
  /**
   * The client the row is for, when it is not simply the project's current client (invoices: the
   * invoice's client). With a `projectId` too, the project is kept only while it is this client's.
   */
  clientId?: string;
  type: ActivityType;
  /** Rendering inputs (names, previews, statuses) and spec §3's `sender_type`. */
  metadata?: Record<string, unknown>;
  /** False for what only the provider may see (a change to internal notes). */
  clientVisible?: boolean;
  /**
   * The side whose own action this is: it is read for that side already (no notification to yourself);
   * `system` (a job, e.g. the overdue sweep) leaves it unread for both.
   */
  actor: 'provider' | 'client' | 'system';
  /**
   * The job queue, for the row's outgoing webhook event (a project change, message, upload, file decision
   * or invoice status change), queued in this same transaction (`integrations/webhooks/activity-events.ts`).
   */
  jobs: WebhookJobs;
}

/**
 * Writes one activity row in the caller's transaction, for the project's current client (or `clientId`'s,
 * with or without a project). Every message,
 * project change, upload, file decision, invoice creation and invoice status change calls it with the
 * transaction of the change, so the feed never shows what did not happen nor misses what did; the same
 * holds for the webhook event the row stands for, queued here too.
 * @returns the row's id and seq, to publish after commit (`publishActivity`)
 */
export async function recordActivity(tx: Tx, input: ActivityInput): Promise<{ id: string; seq: number }> {
  const metadata = tx.json((input.metadata ?? {}) as never);
  const clientVisible = input.clientVisible ?? true;
  const [row] =
    input.clientId === undefined
      ? await tx<{ id: string; seq: string }[]>`
          INSERT INTO activity_feed (provider_id, project_id, client_id, activity_type, metadata, client_visible,
                                     read_by_client, read_by_freelancer)
          SELECT p.provider_id, p.id, p.client_id, ${input.type}, ${metadata},
                 ${clientVisible}, ${input.actor === 'client'}, ${input.actor === 'provider'}
          FROM projects p WHERE ${ownedBy(tx, actingFor(input.providerId), 'p.provider_id')} AND p.id = ${input.projectId}
          RETURNING id, seq`
      : await tx<{ id: string; seq: string }[]>`
          INSERT INTO activity_feed (provider_id, project_id, client_id, activity_type, metadata, client_visible,
                                     read_by_client, read_by_freelancer)
          SELECT c.provider_id, p.id, c.id, ${input.type}, ${metadata},
                 ${clientVisible}, ${input.actor === 'client'}, ${input.actor === 'provider'}
          FROM clients c
          LEFT JOIN projects p ON p.provider_id = c.provider_id AND p.client_id = c.id AND p.id = ${input.projectId}
          WHERE ${ownedBy(tx, actingFor(input.providerId), 'c.provider_id')} AND c.id = ${input.clientId}
          RETURNING id, seq`;
  if (!row) throw new Error('activity for a project or client that does not exist');
  await queueActivityEvent(tx, input.jobs, actingFor(input.providerId), input);
  return { id: row.id, seq: Number(row.seq) };
}

/**
 * Tells every instance (LISTEN/NOTIFY, or in process on the embedded database) that activity `seq` of a
 * provider exists; call it after the transaction committed. A lost notification is caught up from the
 * table by seq, so a failure here is logged by the caller, never thrown at the user.
 */
export function publishActivity(pubsub: PubSub, providerId: string, seq: number): Promise<void> {
  return pubsub.publish(ACTIVITY_CHANNEL, `${providerId}:${seq}`);
}

/** Tells every instance that a project is gone (after the commit); its sockets drop it from their views. */
export function publishProjectDeleted(
  pubsub: PubSub,
  providerId: string,
  projectId: string,
  clientId: string,
): Promise<void> {
  return pubsub.publish(ACTIVITY_CHANNEL, `${providerId}:project_deleted:${projectId}:${clientId}`);
}

export type ActivityNotice =
  | { kind: 'activity'; providerId: string; seq: number }
  | { kind: 'project_deleted'; providerId: string; projectId: string; clientId: string }
  | { kind: 'probe'; instanceId: string; n: number };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ACTIVITY = new RegExp(`^(${UUID}):(\\d{1,18})$`);
const DELETED = new RegExp(`^(${UUID}):project_deleted:(${UUID}):(${UUID})$`);
const PROBE = /^probe:([\w-]{1,64}):(\d{1,15})$/;

/** Reads a payload of the activity channel; anything else is null (ignored). */
export function parseActivityNotice(payload: string): ActivityNotice | null {
  let m = ACTIVITY.exec(payload);
  if (m) return { kind: 'activity', providerId: m[1] as string, seq: Number(m[2]) };
  m = DELETED.exec(payload);
  if (m) {
    return {
      kind: 'project_deleted',
      providerId: m[1] as string,
      projectId: m[2] as string,
      clientId: m[3] as string,
    };
  }
  m = PROBE.exec(payload);
  if (m) return { kind: 'probe', instanceId: m[1] as string, n: Number(m[2]) };
  return null;
}
