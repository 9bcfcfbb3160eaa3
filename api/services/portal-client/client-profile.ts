import type { PortalClient, PortalProfileUpdate } from '../../../shared/contracts/portal-client';
import { hashPassword, verifyPassword } from '../../auth/password';
import { type PortalAuth, revokeClientSessions } from '../../auth/portal-client/portal-session';
import type { Sql } from '../../db/client';
import { ApiError } from '../../http/errors';

/**
 * Changes the client's own name and language (the portal UI and its e-mails follow the language).
 * Scoped by the session's provider, client and portal.
 */
export async function updateClientProfile(
  sql: Sql,
  auth: PortalAuth,
  input: { name?: string | undefined; language?: PortalProfileUpdate['language'] },
  now: Date,
): Promise<PortalClient> {
  const [row] = await sql<{ name: string; language: 'en' | 'de' }[]>`
    UPDATE clients SET
      name = coalesce(${input.name ?? null}, name),
      language = coalesce(${input.language ?? null}, language),
      updated_at = ${now}
    WHERE provider_id = ${auth.providerId} AND id = ${auth.client.id} AND portal_id = ${auth.portalId}
    RETURNING name, language`;
  if (!row) throw new ApiError('unauthorized');
  return { ...auth.client, name: row.name, language: row.language };
}

/**
 * Sets the client's first password, or changes it after checking the current one (spec §5: at least 6
 * characters, checked by the contract). Other sessions of the client end; this one stays.
 * @throws `wrong_password` (422, on `currentPassword`) when it is missing or wrong for a client who has one
 * @returns how many other sessions were ended
 */
export async function setClientOwnPassword(
  sql: Sql,
  auth: PortalAuth,
  input: { currentPassword?: string | undefined; password: string },
  now: Date,
): Promise<number> {
  const [row] = await sql<{ password_hash: string | null }[]>`
    SELECT password_hash FROM clients
    WHERE provider_id = ${auth.providerId} AND id = ${auth.client.id} AND portal_id = ${auth.portalId}`;
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
    WHERE provider_id = ${auth.providerId} AND id = ${auth.client.id}`;
  return revokeClientSessions(sql, auth, auth.sessionId);
}
