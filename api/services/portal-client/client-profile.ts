import type { PortalProfileUpdate } from '../../../shared/contracts/portal-client';
import { hashPassword, verifyPassword } from '../../auth/password';
import { revokeClientSessions } from '../../auth/portal-client/portal-session';
import { type ClientScope, tenant } from '../../auth/scope';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';
import { queueClientEvent } from '../../integrations/webhooks/client-events';
import type { JobQueue } from '../../jobs/queue';

/**
 * Changes the client's own name and language (the portal UI and its e-mails follow the language).
 * Scoped by the caller's provider, client and portal. The provider's `client.updated` webhook event is
 * queued in the same transaction.
 * @returns the stored name and language
 */
export async function updateClientProfile(
  { sql, jobs }: { sql: Sql; jobs: Pick<JobQueue, 'enqueue'> },
  scope: ClientScope,
  input: { name?: string | undefined; language?: PortalProfileUpdate['language'] },
  now: Date,
): Promise<{ name: string; language: 'en' | 'de' }> {
  return sql.begin(async (tx) => {
    const [row] = await tx<{ name: string; language: 'en' | 'de' }[]>`
      UPDATE clients SET
        name = coalesce(${input.name ?? null}, name),
        language = coalesce(${input.language ?? null}, language),
        updated_at = ${now}
      WHERE ${tenant(tx, scope, { provider: 'provider_id', client: 'id' })} AND portal_id = ${scope.portalId}
      RETURNING name, language`;
    if (!row) throw new ApiError('unauthorized');
    await queueClientEvent(tx, jobs, scope.providerId, 'client.updated', scope.clientId);
    return { name: row.name, language: row.language };
  });
}

/**
 * Sets the client's first password, or changes it after checking the current one (spec §5: at least 6
 * characters, checked by the contract). Other sessions of the client end; this one stays.
 * @throws `wrong_password` (422, on `currentPassword`) when it is missing or wrong for a client who has one
 * @returns how many other sessions were ended
 */
export async function setClientOwnPassword(
  sql: Sql,
  scope: ClientScope,
  input: { currentPassword?: string | undefined; password: string },
  now: Date,
): Promise<number> {
  const [row] = await sql<{ password_hash: string | null }[]>`
    SELECT password_hash FROM clients
    WHERE ${tenant(sql, scope, { provider: 'provider_id', client: 'id' })} AND portal_id = ${scope.portalId}`;
  if (!row) throw new ApiError('unauthorized');
  if (row.password_hash !== null) {
    const ok = input.currentPassword ? await verifyPassword(row.password_hash, input.currentPassword) : false;
    if (!ok) {
      throw new ApiError('wrong_password', {
        fields: [{ path: 'currentPassword', key: 'errors.wrong_password' }],
      });
    }
  }
  const hash = await hashPassword(input.password);
  await sql`
    UPDATE clients SET password_hash = ${hash}, updated_at = ${now}
    WHERE ${tenant(sql, scope, { provider: 'provider_id', client: 'id' })}`;
  return revokeClientSessions(
    sql,
    { providerId: scope.providerId, client: { id: scope.clientId } },
    scope.sessionId,
  );
}
