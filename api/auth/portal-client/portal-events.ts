import type { Sql } from '../../db/client';
import type { Logger } from '../../http/logger';
import type { SignInMethod } from './portal-session';

export type PortalEvent =
  | { type: 'login'; metadata: { method: SignInMethod } }
  | { type: 'logout'; metadata: Record<string, never> }
  | { type: 'security'; metadata: { reason: 'portal_mismatch'; requestedPortalId: string } };

/**
 * Writes one entry of the portal audit trail (`portal_events`, spec §3): login (metadata `method`),
 * logout (`{}`), security (a portal mismatch, spec §5). Spec §8: a failure to record is only logged, it
 * never fails the sign-in or sign-out it describes.
 */
export async function recordPortalEvent(
  sql: Sql,
  log: Logger,
  who: { providerId: string; portalId: string; clientId: string | null },
  event: PortalEvent,
): Promise<void> {
  try {
    await sql`
      INSERT INTO portal_events (provider_id, portal_id, client_id, event_type, metadata)
      VALUES (${who.providerId}, ${who.portalId}, ${who.clientId}, ${event.type},
              ${sql.json(event.metadata)})`;
  } catch (err) {
    log.warn({ err, eventType: event.type, portalId: who.portalId }, 'portal event not recorded');
  }
}
