import type { ActivityType } from '../../../shared/contracts/activity';
import type { Tx } from '../../db/client';
import type { PubSub } from '../../db/pubsub';

/** The pub/sub channel of new activity: payloads carry ids only (`<providerId>:<seq>`). */
export const ACTIVITY_CHANNEL = 'activity';

export interface ActivityInput {
  providerId: string;
  projectId: string;
  type: ActivityType;
  /** Rendering inputs (names, previews, statuses) and spec §3's `sender_type`. */
  metadata?: Record<string, unknown>;
  /** False for what only the provider may see (a change to internal notes). */
  clientVisible?: boolean;
  /** The side whose own action this is: it is read for that side already (no notification to yourself). */
  actor: 'provider' | 'client';
}

/**
 * Writes one activity row in the caller's transaction, for the project's current client. Every message,
 * project change, upload, file decision, invoice creation and invoice status change calls it with the
 * transaction of the change, so the feed never shows what did not happen nor misses what did.
 * @returns the row's id and seq, to publish after commit (`publishActivity`)
 */
export async function recordActivity(tx: Tx, input: ActivityInput): Promise<{ id: string; seq: number }> {
  const [row] = await tx<{ id: string; seq: string }[]>`
    INSERT INTO activity_feed (provider_id, project_id, client_id, activity_type, metadata, client_visible,
                               read_by_client, read_by_freelancer)
    SELECT p.provider_id, p.id, p.client_id, ${input.type}, ${tx.json((input.metadata ?? {}) as never)},
           ${input.clientVisible ?? true}, ${input.actor === 'client'}, ${input.actor === 'provider'}
    FROM projects p WHERE p.provider_id = ${input.providerId} AND p.id = ${input.projectId}
    RETURNING id, seq`;
  if (!row) throw new Error('activity for a project that does not exist');
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
